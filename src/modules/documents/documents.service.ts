import { and, eq, sql } from 'drizzle-orm';
import { signDocumentXml } from '../../adapters/signing/xades.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import type { AuthContext } from '../../http/auth.js';
import { type Clock, ddMmYyyyToIso, ecuadorDate, parseDdMmYyyy } from '../../shared/clock.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerRow } from '../issuers/issuer-store.js';
import { allocateSequential } from '../issuers/sequentials.js';
import type { SigningKeyCache } from '../issuers/signing-key-cache.js';
import { buildAccessKey, randomNumericCode } from './access-key.js';
import { bodyDocumentType, parseDocumentBody, requestHash } from './document-body.js';
import { toDetail } from './document-detail.js';
import type { DocumentModel, IssuerSnapshot } from './document-model.js';
import {
  type DocumentScope,
  findByAccessKey,
  findByIdempotencyKey,
  listDocuments,
  recordDocumentEvent,
  toSummary,
} from './documents.repository.js';
import type { ListQueryT } from './documents.schemas.js';
import { type DocumentRow, documents } from './documents.tables.js';
import type { Quota } from './quota.js';
import { computeDocumentContent } from './totals.js';
import { buildDocumentXml } from './xml/index.js';

/** Work other modules add to a document's creation transaction (the lifecycle queues its submission). */
export type AfterCreateHook = (tx: Executor, doc: DocumentRow, now: Date) => Promise<void>;

/** dirMatriz of an issuer registered before the main address was required, with no address at all. */
const NO_MAIN_ADDRESS = 'S/N';

export function issuerSnapshot(issuer: IssuerRow): IssuerSnapshot {
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

export function scopeOf(auth: AuthContext): DocumentScope {
  if (!auth.issuerId) throw new AppError('BAD_REQUEST', 'The X-Issuer-Id header is required');
  return { tenantId: auth.tenantId, issuerId: auth.issuerId, environment: auth.environment };
}

export function createDocumentsService(deps: {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
  quota: Quota;
  afterCreate: AfterCreateHook[];
}) {
  const { db, clock, keyCache, quota } = deps;

  // Read on every create, outside its transaction: built once, sent as a named prepared statement.
  const activeIssuer = db
    .select()
    .from(issuers)
    .where(
      and(
        eq(issuers.id, sql.placeholder('issuerId')),
        eq(issuers.tenantId, sql.placeholder('tenantId')),
        eq(issuers.active, true),
      ),
    )
    .prepare('active_issuer_of_tenant');

  async function loadIssuer(scope: DocumentScope): Promise<IssuerRow> {
    const [issuer] = await activeIssuer.execute({ issuerId: scope.issuerId, tenantId: scope.tenantId });
    if (!issuer) throw notFound('Issuer');
    return issuer;
  }

  function idempotentReplay(existing: DocumentRow, hash: string) {
    if (existing.requestHash !== hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used with a different payload');
    }
    return { created: false, document: createdView(existing) };
  }

  return {
    /** POST /v1/documents: validate, compute, allocate, sign; SIGNED and queued in one transaction. */
    async create(auth: AuthContext, body: unknown, idempotencyKey: string | undefined) {
      const scope = scopeOf(auth);
      const type = bodyDocumentType(body);
      const hash = requestHash(body);
      if (idempotencyKey) {
        const existing = await findByIdempotencyKey(db, scope.tenantId, scope.environment, idempotencyKey);
        if (existing) return idempotentReplay(existing, hash);
      }
      const issuer = await loadIssuer(scope);
      if (!issuer.canIssue)
        throw new AppError(
          'ISSUER_ISSUING_PAUSED',
          'Issuing is paused for this issuer (PATCH /v1/issuers/:id/can-issue)',
        );
      if (!issuer.documentTypes.includes(type)) {
        throw new AppError(
          'DOCUMENT_TYPE_NOT_ENABLED',
          `Document type ${type} is not enabled for this issuer (PUT /v1/issuers/:id/document-types)`,
        );
      }
      const input = parseDocumentBody(body);
      const now = clock.now();
      const content = computeDocumentContent(input, { today: ecuadorDate(now) });
      const cert = keyCache.get(issuer);

      return withTransaction(db, async (tx) => {
        // The issuer row is share-locked: a concurrent DELETE or pause either commits before
        // (and is seen here) or waits for this document.
        const [locked] = await tx
          .select({
            active: issuers.active,
            canIssue: issuers.canIssue,
            documentTypes: issuers.documentTypes,
          })
          .from(issuers)
          .where(eq(issuers.id, issuer.id))
          .for('share');
        if (!locked?.active) throw notFound('Issuer');
        if (!locked.canIssue)
          throw new AppError('ISSUER_ISSUING_PAUSED', 'Issuing is paused for this issuer');
        if (!locked.documentTypes.includes(type))
          throw new AppError(
            'DOCUMENT_TYPE_NOT_ENABLED',
            `Document type ${type} is not enabled for this issuer`,
          );
        if (idempotencyKey) {
          // Concurrent identical requests queue here; the first creates, the others replay it.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${`${scope.tenantId}|${scope.environment}|${idempotencyKey}`}, 0))`,
          );
          const existing = await findByIdempotencyKey(tx, scope.tenantId, scope.environment, idempotencyKey);
          if (existing) return idempotentReplay(existing, hash);
        }
        if (scope.environment === 'production') await quota.consume(tx, scope.tenantId);
        const sequential = await allocateSequential(tx, issuer.id, type, scope.environment);
        const seq9 = String(sequential).padStart(9, '0');
        const accessKey = buildAccessKey({
          issueDate: content.issueDate,
          documentType: type,
          ruc: issuer.ruc,
          environment: scope.environment,
          branchCode: issuer.branchCode,
          issuePointCode: issuer.issuePointCode,
          sequential: seq9,
          numericCode: randomNumericCode(),
          emissionType: '1',
        });
        const model: DocumentModel = {
          ...content,
          documentType: type,
          environment: scope.environment,
          accessKey,
          sequential: seq9,
          issuer: issuerSnapshot(issuer),
        };
        const signedXml = signDocumentXml(buildDocumentXml(model), cert, now);
        const [row] = await tx
          .insert(documents)
          .values({
            id: uuidv7(now.getTime()),
            tenantId: scope.tenantId,
            issuerId: issuer.id,
            environment: scope.environment,
            documentType: type,
            accessKey,
            sequential,
            issueDate: ddMmYyyyToIso(content.issueDate),
            status: 'SIGNED',
            buyerIdType: model.buyer.idType,
            buyerId: model.buyer.id,
            buyerName: model.buyer.name,
            buyerEmail: model.buyer.email,
            total: model.totals.total,
            model,
            request: body as Record<string, unknown>,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: hash,
            signedXml,
            signedAt: now,
            certFingerprint: cert.fingerprint,
            originalDocumentType: model.creditNote?.originalDocumentType ?? null,
            originalNumber: model.creditNote?.originalNumber ?? null,
            emailStatus: 'PENDING',
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordDocumentEvent(
          tx,
          row!,
          'CREATED',
          { status: 'SIGNED', sequential: seq9, certFingerprint: cert.fingerprint },
          now,
        );
        for (const hook of deps.afterCreate) await hook(tx, row!, now);
        return { created: true, document: createdView(row!) };
      });
    },

    async list(auth: AuthContext, query: ListQueryT) {
      const scope = scopeOf(auth);
      const fromIso = query.from ? checkedIso(query.from, 'query.from') : undefined;
      const toIso = query.to ? checkedIso(query.to, 'query.to') : undefined;
      if (fromIso && toIso && fromIso > toIso)
        throw validationError('query.from', 'must not be after query.to');
      if (query.sequential !== undefined && !/^[0-9]{1,9}$/.test(query.sequential)) {
        throw validationError('query.sequential', 'must be 1 to 9 digits');
      }
      const result = await listDocuments(db, scope, { ...query, fromIso, toIso });
      return {
        data: result.rows.map(toSummary),
        pagination: { total: result.total, page: result.page, limit: result.limit },
      };
    },

    async get(auth: AuthContext, accessKey: string) {
      const row = await findByAccessKey(db, scopeOf(auth), accessKey);
      if (!row) throw notFound('Document');
      return toDetail(row);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

function checkedIso(value: string, path: string): string {
  if (!parseDdMmYyyy(value)) throw validationError(path, 'must be a real date DD/MM/YYYY');
  return ddMmYyyyToIso(value);
}

/** The create response: accessKey, documentType, sequential, status, issueDate, total, email.status. */
export function createdView(row: DocumentRow) {
  const s = toSummary(row);
  return {
    accessKey: s.accessKey,
    documentType: s.documentType,
    sequential: s.sequential,
    status: s.status,
    issueDate: s.issueDate,
    total: s.total,
    email: { status: s.email.status },
    rideUrl: s.rideUrl,
    xmlUrl: s.xmlUrl,
  };
}
