import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import type { Clock } from '../../shared/clock.js';
import { documentNumber } from '../../shared/document-model.js';
import { notFound, validationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope as DocumentScope } from '../../shared/scope.js';
import { randomBase62, sha256Hex } from '../../shared/secrets.js';
import type { DeliveryService } from '../delivery/index.js';
import { type DocumentRow, documents, findByAccessKey, toSummary } from '../documents/index.js';
import { documentShares } from './sharing.tables.js';

/** Seconds a link lives unless `expiresIn` says otherwise: a week. */
export const SHARE_DEFAULT_SECONDS = 7 * 24 * 3600;
export const SHARE_MIN_SECONDS = 60;
/** 90 days: long enough for a buyer's bookkeeping, short enough that a forwarded link dies. */
export const SHARE_MAX_SECONDS = 90 * 24 * 3600;
/** 43 base62 characters = 256 bits: unguessable, and URL-safe without escaping. */
const TOKEN_LENGTH = 43;
const TOKEN_RE = /^[0-9A-Za-z]{43}$/;

export function createSharingService(deps: {
  db: Executor;
  clock: Clock;
  delivery: DeliveryService;
  publicBaseUrl: string;
}) {
  const { db, clock, delivery } = deps;

  /**
   * The document behind a live token; any other token (malformed, unknown, expired, revoked) is 404.
   * So is a token of a suspended account: its links stop answering while the suspension lasts (an
   * operator suspends to stop exposure too) and answer again when it is lifted, if still live.
   */
  async function resolve(token: string): Promise<DocumentRow> {
    if (!TOKEN_RE.test(token)) throw notFound('Document');
    const [row] = await db
      .select({ doc: documents })
      .from(documentShares)
      .innerJoin(documents, eq(documents.id, documentShares.documentId))
      .innerJoin(tenants, eq(tenants.id, documentShares.tenantId))
      .where(
        and(
          eq(documentShares.tokenHash, sha256Hex(token)),
          isNull(documentShares.revokedAt),
          gt(documentShares.expiresAt, clock.now()),
          ne(tenants.status, 'SUSPENDED'),
        ),
      );
    if (!row) throw notFound('Document');
    return row.doc;
  }

  async function revokeLive(tx: Executor, documentId: string, now: Date): Promise<number> {
    const revoked = await tx
      .update(documentShares)
      .set({ revokedAt: now })
      .where(and(eq(documentShares.documentId, documentId), isNull(documentShares.revokedAt)))
      .returning({ id: documentShares.id });
    return revoked.length;
  }

  return {
    /** POST /v1/documents/:accessKey/share: a new link; the document's previous link stops working. */
    async share(scope: DocumentScope, accessKey: string, expiresIn: number | undefined) {
      const seconds = expiresIn ?? SHARE_DEFAULT_SECONDS;
      if (!Number.isInteger(seconds) || seconds < SHARE_MIN_SECONDS || seconds > SHARE_MAX_SECONDS) {
        throw validationError(
          'expiresIn',
          `must be a whole number of seconds from ${SHARE_MIN_SECONDS} to ${SHARE_MAX_SECONDS}`,
        );
      }
      return withTransaction(db, async (tx) => {
        const doc = await findByAccessKey(tx, scope, accessKey, true);
        if (!doc) throw notFound('Document');
        const now = clock.now();
        await revokeLive(tx, doc.id, now);
        const token = randomBase62(TOKEN_LENGTH);
        const expiresAt = new Date(now.getTime() + seconds * 1000);
        await tx.insert(documentShares).values({
          id: uuidv7(now.getTime()),
          tenantId: doc.tenantId,
          documentId: doc.id,
          tokenHash: sha256Hex(token),
          expiresAt,
          createdAt: now,
        });
        return { url: `${deps.publicBaseUrl}/v1/shared/${token}`, expiresAt: expiresAt.toISOString() };
      });
    },

    /** DELETE /v1/documents/:accessKey/share: idempotent; how many links were live. */
    async revoke(scope: DocumentScope, accessKey: string): Promise<number> {
      return withTransaction(db, async (tx) => {
        const doc = await findByAccessKey(tx, scope, accessKey, true);
        if (!doc) throw notFound('Document');
        return revokeLive(tx, doc.id, clock.now());
      });
    },

    /** What the public page shows: enough for a buyer to know which document it is. */
    async page(token: string) {
      const doc = await resolve(token);
      const m = doc.model;
      return {
        issuerName: m.issuer.tradeName ?? m.issuer.businessName,
        issuerRuc: m.issuer.ruc,
        documentTypeName: delivery.documentTypeName('es', doc.documentType),
        number: documentNumber(m),
        issueDate: m.issueDate,
        buyerName: doc.buyerName,
        total: toSummary(doc).total,
        status: doc.status,
        accessKey: doc.accessKey,
      };
    },

    async ride(token: string) {
      const doc = await resolve(token);
      return delivery.attachmentResolvers['document-ride']({ documentId: doc.id });
    },

    async xml(token: string) {
      const doc = await resolve(token);
      return delivery.attachmentResolvers['document-xml']({ documentId: doc.id });
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
