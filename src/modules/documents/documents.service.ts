import { and, eq, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { type Clock, ddMmYyyyToIso, ecuadorDate } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope } from '../../shared/scope.js';
import type { IssuerRow, SigningKeyCache } from '../issuers/index.js';
import { allocateSequential } from '../issuers/index.js';
import { requestHash } from './document-body.js';
import { toDetail } from './document-detail.js';
import {
  findByAccessKey,
  findByIdempotencyKey,
  listDocuments,
  recordDocumentEvent,
  toSummary,
} from './documents.repository.js';
import type { ListQueryT } from './documents.schemas.js';
import { type DocumentRow, documents } from './documents.tables.js';
import { checkCursor, checkListFilters } from './list-filters.js';
import { assertIssuable, buildVersion, computeContent, issuerSnapshot, newHeader } from './pipeline.js';
import type { Quota } from './quota.js';
import { type DocumentBody, definitionOf } from './types/registry.js';

/** Work other modules add to a document's creation transaction (the lifecycle queues its submission). */
export type AfterCreateHook = (tx: Executor, doc: DocumentRow, now: Date) => Promise<void>;

export function createDocumentsService(deps: {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
  quota: Quota;
  afterCreate: AfterCreateHook[];
  /** Lists read here: a replica when DATABASE_READ_URL is set (docs/scaling.md). */
  readDb?: Executor;
}) {
  const { db, clock, keyCache, quota } = deps;
  const readDb = deps.readDb ?? db;

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

  async function loadIssuer(scope: IssuerScope): Promise<IssuerRow> {
    const [issuer] = await activeIssuer.execute({ issuerId: scope.issuerId, tenantId: scope.tenantId });
    if (!issuer) throw notFound('Issuer');
    return issuer;
  }

  function idempotentReplay(existing: DocumentRow, hash: string) {
    if (existing.requestHash !== hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used with a different payload');
    }
    return { created: false, documentId: existing.id, document: createdView(existing) };
  }

  return {
    /**
     * The one entry point that issues a document, for the API and for jobs (self-billing): a body
     * already valid against its type's schema, computed, numbered, built and signed, stored SIGNED
     * and handed to the afterCreate hooks (submission) in one transaction. With an Idempotency-Key
     * the same body returns the existing document (created false); another body is 409 CONFLICT.
     */
    async issue(scope: IssuerScope, body: DocumentBody, idempotencyKey?: string) {
      const type = body.documentType;
      const def = definitionOf(type);
      const hash = requestHash(body);
      if (idempotencyKey) {
        const existing = await findByIdempotencyKey(db, scope.tenantId, scope.environment, idempotencyKey);
        if (existing) return idempotentReplay(existing, hash);
      }
      const issuer = await loadIssuer(scope);
      assertIssuable(issuer, type);
      const now = clock.now();
      const content = computeContent(def, body, {
        today: ecuadorDate(now),
        environment: scope.environment,
        issuer: issuerSnapshot(issuer),
      });
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
        assertIssuable(locked, type);
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
        const header = newHeader({
          documentType: type,
          environment: scope.environment,
          issuer,
          sequential,
          issueDate: content.issueDate,
        });
        const version = buildVersion(def, header, content, cert, now);
        const [row] = await tx
          .insert(documents)
          .values({
            id: uuidv7(now.getTime()),
            tenantId: scope.tenantId,
            issuerId: issuer.id,
            environment: scope.environment,
            documentType: type,
            accessKey: header.accessKey,
            sequential,
            issueDate: ddMmYyyyToIso(header.issueDate),
            status: 'SIGNED',
            ...version.columns,
            model: version.model,
            request: body as Record<string, unknown>,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: hash,
            signedXml: version.signedXml,
            signedAt: version.signedAt,
            certFingerprint: version.certFingerprint,
            emailStatus: 'PENDING',
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordDocumentEvent(
          tx,
          row!,
          'CREATED',
          { status: 'SIGNED', sequential: header.sequential, certFingerprint: cert.fingerprint },
          now,
        );
        for (const hook of deps.afterCreate) await hook(tx, row!, now);
        return { created: true, documentId: row!.id, document: createdView(row!) };
      });
    },

    async list(scope: IssuerScope, query: ListQueryT) {
      const filters = checkListFilters(query);
      const cursor = query.cursor === undefined ? undefined : checkCursor(query.cursor, filters);
      const result = await listDocuments(readDb, scope, {
        ...filters,
        page: query.page,
        limit: query.limit,
        cursor,
      });
      return {
        data: result.rows.map(toSummary),
        pagination: { total: result.total, page: result.page, limit: result.limit },
        nextCursor: result.nextCursor,
      };
    },

    async get(scope: IssuerScope, accessKey: string) {
      const row = await findByAccessKey(db, scope, accessKey);
      if (!row) throw notFound('Document');
      return toDetail(row);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

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
