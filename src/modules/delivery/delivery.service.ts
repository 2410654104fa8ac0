import { and, eq, sql } from 'drizzle-orm';
import type { RideStatus } from '../../adapters/ride/ride.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { rowFromSql, selectColumns } from '../../db/sql-rows.js';
import { issuers, outboxEmails, tenants } from '../../db/tables.js';
import { executorOf, type WriteTarget } from '../../db/unit-of-work.js';
import { type Clock, ecuadorTimestamp } from '../../shared/clock.js';
import { documentNumber } from '../../shared/document-model.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import type { IssuerScope } from '../../shared/scope.js';
import {
  type DocumentRow,
  documents,
  findByAccessKey,
  markEmailQueued,
  recipientsOf,
  recordDocumentEvent,
  rideOf,
  toSummary,
} from '../documents/index.js';
import type { Language, OutboxRow } from '../mail/index.js';
import { queueEmail } from '../mail/index.js';
import { documentEmail, documentTypeName } from './delivery.templates.js';

/**
 * The RIDE's renderer, loaded on the first RIDE a process draws: pdfkit, fontkit and bwip-js are
 * some 15 MB of a process's memory (their sources, compiled code and font tables), which an API
 * process that never serves a RIDE does not hold (docs/scaling.md, "Memory").
 */
let renderer: Promise<typeof import('../../adapters/ride/ride.js').renderRide> | undefined;
function rideRenderer() {
  renderer ??= import('../../adapters/ride/ride.js').then((ride) => ride.renderRide);
  return renderer;
}

export const DOCUMENT_EMAIL_KIND = 'document';

const FILE_KINDS: Record<string, string> = {
  '01': 'FACTURA',
  '03': 'LIQUIDACION-COMPRA',
  '04': 'NOTA-CREDITO',
  '05': 'NOTA-DEBITO',
  '06': 'GUIA-REMISION',
  '07': 'COMPROBANTE-RETENCION',
};

/** File names by document type and number, e.g. FACTURA-001-001-000000123.pdf. */
function attachmentBaseName(doc: Pick<DocumentRow, 'documentType' | 'model'>): string {
  const kind = FILE_KINDS[doc.documentType] ?? `COMPROBANTE-${doc.documentType}`;
  return `${kind}-${documentNumber(doc.model)}`;
}

interface AttachmentSource {
  doc: DocumentRow;
  logo: Buffer | null;
  logoMime: string | null;
  language: Language;
}

export function createDeliveryService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function languageOf(exec: Executor, tenantId: string): Promise<Language> {
    const [row] = await exec
      .select({ language: tenants.language })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return row?.language ?? 'es';
  }

  /**
   * The RIDE of a document: authorized, or a clearly marked draft before authorization. The
   * issuer's logo and the tenant's language are read unless the caller has them.
   */
  async function ridePdf(
    doc: DocumentRow,
    language?: Language,
    known?: { logo: Buffer | null; logoMime: string | null },
  ): Promise<Buffer> {
    const [issuer] = known
      ? [known]
      : await db
          .select({ logo: issuers.logo, logoMime: issuers.logoMime })
          .from(issuers)
          .where(eq(issuers.id, doc.issuerId));
    const common = {
      status: doc.status as RideStatus,
      authorization:
        doc.authorizationNumber && doc.authorizationDate
          ? { number: doc.authorizationNumber, date: ecuadorTimestamp(doc.authorizationDate) }
          : null,
      language: language ?? (await languageOf(db, doc.tenantId)),
      logo:
        issuer?.logo && issuer.logoMime ? { data: issuer.logo, mime: issuer.logoMime as 'image/png' } : null,
    };
    const renderRide = await rideRenderer();
    return renderRide({ ...rideOf(doc), ...common });
  }

  /** Once authorized, the XML as the tax authority returns it (`autorizacion` wrapper); the signed XML before. */
  function xmlOf(doc: DocumentRow): string {
    return doc.authorizedXml ?? doc.signedXml;
  }

  /**
   * Queues the recipients' email (RIDE + XML) in the caller's transaction, or at the flush of its
   * unit of work: the buyer, supplier or withheld subject, or every recipient of a waybill, in one
   * email; `to` replaces them (email-retry). The document's email status goes back to PENDING.
   */
  async function queueBuyerEmail(
    target: WriteTarget,
    doc: DocumentRow,
    now: Date,
    to?: string,
    /** The tenant's language when the caller has read it. */
    language?: Language,
  ): Promise<string | null> {
    const tx = executorOf(target);
    const recipient = to ?? recipientsOf(doc).join(', ');
    // No address at all (a final consumer invoiced without one): nothing to send; its status is NONE.
    if (recipient === '') return null;
    const lang = language ?? (await languageOf(tx, doc.tenantId));
    const mail = documentEmail(lang, {
      documentType: doc.documentType,
      number: documentNumber(doc.model),
      issuerName: doc.model.issuer.tradeName ?? doc.model.issuer.businessName,
      buyerName: doc.buyerName,
      issueDate: toSummary(doc).issueDate,
      // A waybill (06) moves goods and states no amount.
      total: doc.documentType === '06' ? null : toSummary(doc).total,
      accessKey: doc.accessKey,
      voided: doc.status === 'VOIDED',
      sandbox: doc.environment === 'sandbox',
    });
    const id = await queueEmail(
      target,
      {
        tenantId: doc.tenantId,
        kind: DOCUMENT_EMAIL_KIND,
        to: recipient,
        ...mail,
        attachments: [
          { resolver: 'document-ride', params: { documentId: doc.id } },
          { resolver: 'document-xml', params: { documentId: doc.id } },
        ],
        ref: { documentId: doc.id },
      },
      now,
    );
    // A document's first email finds it PENDING already (the column's default). Sent now: the
    // document's row may be in the unit of work's flush already (its authorization).
    if (doc.emailStatus !== 'PENDING') await markEmailQueued(tx, doc.id, now);
    await recordDocumentEvent(target, doc, 'EMAIL_QUEUED', { emailId: id, to: recipient }, now);
    return id;
  }

  /**
   * The document with what its RIDE needs (the issuer's logo, the tenant's language) in one
   * query. `shared` (one map per email being sent) keeps it for the email's other attachment.
   */
  function forAttachment(documentId: string, shared?: Map<string, unknown>): Promise<AttachmentSource> {
    const key = `document:${documentId}`;
    const known = shared?.get(key) as Promise<AttachmentSource> | undefined;
    if (known) return known;
    const loading = (async () => {
      const [row] = await db
        .select({
          doc: documents,
          logo: issuers.logo,
          logoMime: issuers.logoMime,
          language: tenants.language,
        })
        .from(documents)
        .innerJoin(issuers, eq(issuers.id, documents.issuerId))
        .innerJoin(tenants, eq(tenants.id, documents.tenantId))
        .where(eq(documents.id, documentId));
      if (!row) throw new Error(`document ${documentId} not found`);
      return row;
    })();
    shared?.set(key, loading);
    return loading;
  }

  /**
   * The outbox loader of document emails: the email, its document, the issuer's logo and the
   * tenant's language in one query; the attachments' source goes into `shared` (see
   * `forAttachment`), so sending the email reads nothing else.
   */
  async function loadDocumentEmail(
    exec: Executor,
    outboxId: string,
    shared: Map<string, unknown>,
  ): Promise<OutboxRow | null> {
    // Select lists built once (src/db/sql-rows.ts): this runs for every document email.
    const { rows } = await exec.execute<Record<string, unknown>>(sql`
      select ${selectColumns(outboxEmails, 'e', 'e_')}, ${selectColumns(documents, 'd', 'd_')},
        i.logo, i.logo_mime, t.language
      from outbox_emails e
      left join documents d on d.id = (e.ref->>'documentId')::uuid
      left join issuers i on i.id = d.issuer_id
      left join tenants t on t.id = d.tenant_id
      where e.id = ${outboxId}::uuid`);
    const raw = rows[0];
    if (!raw) return null;
    const language = raw.language as Language | null;
    if (raw.d_id !== null && language !== null) {
      const source: AttachmentSource = {
        doc: rowFromSql(documents, raw, 'd_'),
        logo: (raw.logo as Buffer | null) ?? null,
        logoMime: (raw.logo_mime as string | null) ?? null,
        language,
      };
      shared.set(`document:${source.doc.id}`, Promise.resolve(source));
    }
    return rowFromSql(outboxEmails, raw, 'e_');
  }

  async function scoped(scope: IssuerScope, accessKey: string): Promise<DocumentRow> {
    const doc = await findByAccessKey(db, scope, accessKey);
    if (!doc) throw notFound('Document');
    return doc;
  }

  return {
    queueBuyerEmail,
    loadDocumentEmail,
    /** Attachment resolvers for the outbox: rendered when the email is sent, never stored. */
    attachmentResolvers: {
      'document-ride': async (params: Record<string, string>, shared?: Map<string, unknown>) => {
        const { doc, language, ...logo } = await forAttachment(params.documentId!, shared);
        return {
          filename: `${attachmentBaseName(doc)}.pdf`,
          contentType: 'application/pdf',
          content: await ridePdf(doc, language, logo),
        };
      },
      'document-xml': async (params: Record<string, string>, shared?: Map<string, unknown>) => {
        const { doc } = await forAttachment(params.documentId!, shared);
        return {
          filename: `${attachmentBaseName(doc)}.xml`,
          contentType: 'application/xml',
          content: Buffer.from(xmlOf(doc), 'utf8'),
        };
      },
    },

    async ride(scope: IssuerScope, accessKey: string) {
      const doc = await scoped(scope, accessKey);
      return {
        filename: `${attachmentBaseName(doc)}.pdf`,
        pdf: await ridePdf(doc),
        draft: !doc.authorizationNumber,
      };
    },

    async xml(scope: IssuerScope, accessKey: string) {
      const doc = await scoped(scope, accessKey);
      return {
        filename: `${attachmentBaseName(doc)}.xml`,
        xml: xmlOf(doc),
        authorized: doc.authorizedXml !== null,
      };
    },

    /** POST /:accessKey/email-retry: re-sends RIDE and XML of an AUTHORIZED or VOIDED document. */
    async emailRetry(scope: IssuerScope, accessKey: string, email: string | undefined) {
      return withTransaction(db, async (tx) => {
        const doc = await findByAccessKey(tx, scope, accessKey, true);
        if (!doc) throw notFound('Document');
        if (doc.status !== 'AUTHORIZED' && doc.status !== 'VOIDED') {
          throw new AppError(
            'DOCUMENT_NOT_AUTHORIZED',
            `The document is ${doc.status}; its email goes out once it is authorized`,
          );
        }
        const now = clock.now();
        const emailId = await queueBuyerEmail(tx, doc, now, email);
        if (emailId === null)
          throw validationError('email', 'is required: this document has no email address of its own');
        const [row] = await tx
          .select()
          .from(documents)
          .where(and(eq(documents.id, doc.id)));
        return { emailId, to: email ?? recipientsOf(doc).join(', '), document: row! };
      });
    },

    documentTypeName,
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
