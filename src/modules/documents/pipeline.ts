/**
 * The steps every document type goes through, whoever asks (the API, rebuild, self-billing):
 * the issuer rules, the header (access key) and "build and sign this version". The type-specific
 * parts come from the type's definition (types/registry.ts).
 */
import type { RideContent } from '../../adapters/ride/ride.js';
import type { SigningCertificate } from '../../adapters/signing/p12.js';
import { signDocumentXml } from '../../adapters/signing/xades.js';
import { ddMmYyyyToIso, isoToDdMmYyyy } from '../../shared/clock.js';
import type { IssuerSnapshot } from '../../shared/document-model.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import type { Environment } from '../../shared/scope.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import type { IssuerRow } from '../issuers/index.js';
import { buildAccessKey, randomNumericCode } from './access-key.js';
import type { DocumentRow, StoredModel } from './documents.tables.js';
import { SAME_DAY_TRANSMISSION_FROM } from './field-checks.js';
import type { DocumentHeader, DocumentTypeCode, DocumentTypeDefinition } from './types/definition.js';
import { definitionOf } from './types/registry.js';

/** dirMatriz of an issuer registered before the main address was required, with no address at all. */
const NO_MAIN_ADDRESS = 'S/N';

/** What a document's header takes from its issuer. */
type HeaderIssuer = Pick<
  IssuerRow,
  | 'ruc'
  | 'businessName'
  | 'tradeName'
  | 'mainAddress'
  | 'branchAddress'
  | 'branchCode'
  | 'issuePointCode'
  | 'requiredAccounting'
  | 'specialTaxpayer'
  | 'retentionAgentResolution'
  | 'rimpeRegime'
>;

export function issuerSnapshot(issuer: HeaderIssuer): IssuerSnapshot {
  return {
    ruc: issuer.ruc,
    businessName: issuer.businessName,
    tradeName: issuer.tradeName,
    // dirMatriz is required by the schema, and so is a main address for every issuer created
    // since issue 13; migration 0160 gave older issuers their branch address. Only an old issuer
    // with neither reaches the documented fallback (docs/hardening.md).
    mainAddress: issuer.mainAddress ?? issuer.branchAddress ?? NO_MAIN_ADDRESS,
    branchAddress: issuer.branchAddress,
    branchCode: issuer.branchCode,
    issuePointCode: issuer.issuePointCode,
    requiredAccounting: issuer.requiredAccounting,
    specialTaxpayer: issuer.specialTaxpayer,
    retentionAgentResolution: issuer.retentionAgentResolution,
    rimpeRegime: issuer.rimpeRegime,
  };
}

/**
 * The issuer rules of creation, one wording for every check: before the transaction on the
 * issuer as read, and again inside it on the share-locked row. `documentType` null skips the
 * type rule (a rebuild keeps its type).
 */
export function assertIssuable(
  issuer: Pick<IssuerRow, 'active' | 'canIssue' | 'documentTypes'> | undefined,
  documentType: string | null,
): void {
  if (!issuer?.active) throw notFound('Issuer');
  if (!issuer.canIssue)
    throw new AppError(
      'ISSUER_ISSUING_PAUSED',
      'Issuing is paused for this issuer (PATCH /v1/issuers/:id/can-issue)',
    );
  if (documentType !== null && !issuer.documentTypes.includes(documentType)) {
    throw new AppError(
      'DOCUMENT_TYPE_NOT_ENABLED',
      `Document type ${documentType} is not enabled for this issuer (PUT /v1/issuers/:id/document-types)`,
    );
  }
}

/** The header of a new document: its sequential is allocated, its access key drawn here. */
export function newHeader(input: {
  documentType: DocumentTypeCode;
  environment: Environment;
  issuer: HeaderIssuer;
  sequential: number;
  issueDate: string;
}): DocumentHeader {
  const sequential = sequentialDigits(input.sequential);
  const accessKey = buildAccessKey({
    issueDate: input.issueDate,
    documentType: input.documentType,
    ruc: input.issuer.ruc,
    environment: input.environment,
    branchCode: input.issuer.branchCode,
    issuePointCode: input.issuer.issuePointCode,
    sequential,
    numericCode: randomNumericCode(),
    emissionType: '1',
  });
  return {
    documentType: input.documentType,
    environment: input.environment,
    accessKey,
    sequential,
    issueDate: input.issueDate,
    issuer: issuerSnapshot(input.issuer),
  };
}

/** One signed version of a document: what creation inserts and a rebuild writes over the old one. */
export interface DocumentVersion {
  /** The stored `model`: the header and the type's content, one JSON object. */
  model: StoredModel;
  signedXml: string;
  signedAt: Date;
  certFingerprint: string;
  /** The list columns every type fills its own way (the counterpart stands in the buyer columns). */
  columns: {
    buyerIdType: string;
    buyerId: string;
    buyerName: string;
    buyerEmail: string;
    total: string;
    originalDocumentType: string | null;
    originalNumber: string | null;
  };
}

/** Build and sign this version of a document: XML of its type, XAdES-BES, summary columns. */
export function buildVersion(
  def: DocumentTypeDefinition,
  header: DocumentHeader,
  content: unknown,
  cert: SigningCertificate,
  now: Date,
): DocumentVersion {
  const signedXml = signDocumentXml(def.buildXml(header, content), cert, now);
  const summary = def.summary(content);
  return {
    model: { ...(content as Record<string, unknown>), ...header },
    signedXml,
    signedAt: now,
    certFingerprint: cert.fingerprint,
    columns: {
      buyerIdType: summary.counterpartIdType,
      buyerId: summary.counterpartId,
      buyerName: summary.counterpartName,
      buyerEmail: summary.emails[0] ?? '',
      total: summary.total,
      originalDocumentType: summary.original?.documentType ?? null,
      originalNumber: summary.original?.number ?? null,
    },
  };
}

const HEADER_FIELDS = ['documentType', 'environment', 'accessKey', 'sequential', 'issuer'] as const;

/** The content part of a stored model (what the type's compute produced), for its summary and RIDE. */
export function contentOf(model: object): unknown {
  const content: Record<string, unknown> = { ...(model as Record<string, unknown>) };
  for (const field of HEADER_FIELDS) delete content[field];
  return content;
}

/** A rebuild body: absent or `{}` means "re-sign the stored document as it is". */
function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
  );
}

/**
 * A rebuild's new version: the corrected body (or the stored request) computed like a creation,
 * dated on the original issue date while that is today or before 2026: the date is part of the
 * access key, and rules relative to "today" (a credit note is dated today) apply to the day the
 * document was issued. From 01/01/2026 a document reaches the tax authority on its issue date
 * (error 65 otherwise), so a refused document rebuilt on a later day is re-dated today with a new
 * access key (same sequential: the tax authority never registered a returned or not-authorized
 * number; docs/decisions.md "Rebuilt on a later day"). The issuer is as it is now.
 */
export function rebuiltVersionInput(
  doc: Pick<
    DocumentRow,
    'documentType' | 'environment' | 'accessKey' | 'sequential' | 'issueDate' | 'request'
  >,
  body: unknown,
  issuer: IssuerRow,
  today: string,
) {
  const corrected = !isEmptyBody(body);
  const source = (corrected ? body : doc.request) as { documentType: string; issueDate?: string };
  if (corrected && source.documentType !== doc.documentType) {
    throw validationError(
      'documentType',
      `must be ${doc.documentType}, the type of the document being rebuilt`,
    );
  }
  const stored = isoToDdMmYyyy(doc.issueDate);
  const redated = stored !== today && ddMmYyyyToIso(today) >= SAME_DAY_TRANSMISSION_FROM;
  const issueDate = redated ? today : stored;
  if (source.issueDate !== undefined && source.issueDate !== null && source.issueDate !== issueDate) {
    throw validationError(
      'issueDate',
      redated
        ? `a rebuild on a later day is dated today (${issueDate}): leave issueDate out or send today`
        : `a rebuild keeps the issue date of the access key (${issueDate})`,
    );
  }
  const def = definitionOf(doc.documentType);
  const snapshot = issuerSnapshot(issuer);
  const header: DocumentHeader = redated
    ? newHeader({
        documentType: doc.documentType,
        environment: doc.environment,
        issuer,
        sequential: doc.sequential,
        issueDate,
      })
    : {
        documentType: doc.documentType,
        environment: doc.environment,
        accessKey: doc.accessKey,
        sequential: sequentialDigits(doc.sequential),
        issueDate,
        issuer: snapshot,
      };
  const content = def.compute({ ...source, issueDate } as never, {
    today: issueDate,
    environment: doc.environment,
    issuer: header.issuer,
  });
  return { def, header, content, request: source as Record<string, unknown>, corrected, redated };
}

/** The header part of a stored model. */
function headerOf(model: StoredModel): DocumentHeader {
  return {
    documentType: model.documentType,
    environment: model.environment,
    accessKey: model.accessKey,
    sequential: model.sequential,
    issueDate: model.issueDate,
    issuer: model.issuer,
  };
}

/** Who receives the RIDE and XML of a document: its type's summary (buyer, supplier, subject, each recipient). */
export function recipientsOf(doc: Pick<DocumentRow, 'documentType' | 'model' | 'buyerEmail'>): string[] {
  const emails = definitionOf(doc.documentType).summary(contentOf(doc.model)).emails;
  const unique = [...new Set(emails.filter((e) => e.length > 0))];
  return unique.length ? unique : [doc.buyerEmail].filter((e) => e.length > 0);
}

/** What the RIDE of a stored document shows (its type's `ride`), for `renderRide`. */
export function rideOf(doc: Pick<DocumentRow, 'documentType' | 'model'>): RideContent {
  return definitionOf(doc.documentType).ride(headerOf(doc.model), contentOf(doc.model));
}
