import type { Executor } from '../../db/pool.js';
import { type Clock, ecuadorIsoDate } from '../../shared/clock.js';
import { notFound } from '../../shared/errors.js';
import type { IssuerScope } from '../../shared/scope.js';
import type { SigningKeyCache } from '../issuers/index.js';
import { createBatches } from './create-batches.js';
import type { AfterCreateHook } from './create-transaction.js';
import { requestHash } from './document-body.js';
import { toDetail } from './document-detail.js';
import { findByAccessKey } from './document-reads.js';
import { type SummaryRow, toSummary } from './document-summary.js';
import type { ListQueryT } from './documents.schemas.js';
import { findByIdempotencyKey, type IdempotentRow, replayError } from './idempotency.js';
import { checkBodyLinks, linkError } from './links.js';
import { listDocuments } from './list-documents.js';
import { checkCursor, checkListFilters } from './list-filters.js';
import type { Quota } from './quota.js';
import type { DocumentBody } from './types/registry.js';
import { voidWindow } from './void-rules.js';
import { holidaysFor } from './void-window.js';

export function createDocumentsService(deps: {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
  quota: Quota;
  afterCreate: AfterCreateHook[];
  /** Lists read here: a replica when DATABASE_READ_URL is set (docs/scaling.md). */
  readDb?: Executor;
}) {
  const { db } = deps;
  const readDb = deps.readDb ?? db;
  const batches = createBatches(deps);

  function idempotentReplay(existing: IdempotentRow, hash: string) {
    const error = replayError(existing, hash);
    if (error) throw error;
    return { created: false, documentId: existing.id, document: createdView(existing), warnings: [] };
  }

  return {
    /**
     * The one entry point that issues a document, for the API and for jobs (self-billing): a body
     * already valid against its type's schema, computed, numbered, built and signed, stored SIGNED
     * and handed to the afterCreate hooks (submission) in one transaction, shared with the other
     * creates of its counter that arrive meanwhile (group commit, docs/creates.md). With an
     * Idempotency-Key the same body returns the existing document (created false); another body
     * is 409 CONFLICT.
     */
    async issue(scope: IssuerScope, body: DocumentBody, idempotencyKey?: string) {
      const hash = requestHash(body);
      if (idempotencyKey) {
        // A replay answers before the issuer's rules, as it always has (a paused issuer still replays).
        const existing = await findByIdempotencyKey(db, scope.tenantId, scope.environment, idempotencyKey);
        if (existing) return idempotentReplay(existing, hash);
      }
      const links = await checkBodyLinks(db, scope, body);
      if (links.errors.length) throw linkError(links.errors);
      const outcome = await batches.submit({ scope, body, hash, idempotencyKey });
      if (!outcome.ok) throw outcome.error;
      return {
        created: outcome.created,
        documentId: outcome.documentId,
        document: createdView(outcome.row),
        warnings: links.warnings,
      };
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
      const today = ecuadorIsoDate(deps.clock.now());
      const holidays = await holidaysFor(db, row.issueDate);
      return toDetail(row, voidWindow({ ...row, issueIso: row.issueDate }, today, holidays));
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** The create response: accessKey, documentType, sequential, status, issueDate, total, email.status. */
export function createdView(row: SummaryRow) {
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
