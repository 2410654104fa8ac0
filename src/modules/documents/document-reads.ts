/** Reading one document in its scope, and recording an event of its history. */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { executorOf, type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope } from '../../shared/scope.js';
import { type DocumentRow, documentEvents, documents } from './documents.tables.js';

/** Where a document request is scoped: the caller's tenant, the X-Issuer-Id issuer, the key's environment. */
export type DocumentScope = IssuerScope;

export function scopeWhere(scope: DocumentScope): SQL {
  return and(
    eq(documents.tenantId, scope.tenantId),
    eq(documents.issuerId, scope.issuerId),
    eq(documents.environment, scope.environment),
  )!;
}

export async function findByAccessKey(
  db: Executor,
  scope: DocumentScope,
  accessKey: string,
  lock = false,
): Promise<DocumentRow | null> {
  const q = db
    .select()
    .from(documents)
    .where(and(scopeWhere(scope), eq(documents.accessKey, accessKey)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** One event of a document's history: inserted now, or at the unit of work's flush. */
export async function recordDocumentEvent(
  to: WriteTarget,
  doc: Pick<DocumentRow, 'id' | 'tenantId'>,
  type: string,
  detail: Record<string, unknown> | null,
  at: Date,
): Promise<void> {
  await writeTo(to, executorOf(to).insert(documentEvents).values(eventRow(doc, type, detail, at)));
}

/**
 * `change` (an update `returning` a row when it changed one) and, only when it did, the
 * document's event: one statement, atomic on its own, so a fact and its event cost one round trip
 * instead of begin, update, event and commit. The event is inserted from the update's result
 * (a CTE), which a deferred write of the unit of work cannot see. True when the row changed.
 */
export async function changeWithEvent(
  db: Executor,
  change: SQL,
  doc: Pick<DocumentRow, 'id' | 'tenantId'>,
  type: string,
  detail: Record<string, unknown> | null,
  at: Date,
): Promise<boolean> {
  const e = eventRow(doc, type, detail, at);
  const { rows } = await db.execute(sql`with changed as (${change})
    insert into document_events (id, document_id, tenant_id, type, detail, created_at)
    select ${e.id}::uuid, ${e.documentId}::uuid, ${e.tenantId}::uuid, ${e.type},
      ${e.detail === null ? null : JSON.stringify(e.detail)}::jsonb, ${at.toISOString()}::timestamptz
    from (select 1 from changed limit 1) c
    returning id`);
  return rows.length > 0;
}

function eventRow(
  doc: Pick<DocumentRow, 'id' | 'tenantId'>,
  type: string,
  detail: Record<string, unknown> | null,
  at: Date,
) {
  return { id: uuidv7(at.getTime()), documentId: doc.id, tenantId: doc.tenantId, type, detail, createdAt: at };
}
