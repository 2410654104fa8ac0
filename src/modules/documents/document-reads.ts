/** Reading one document in its scope, and recording an event of its history. */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope } from '../../shared/scope.js';
import { type DocumentRow, documents } from './documents.tables.js';

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
  await writeTo(to, documentEventInsert(doc, type, detail, at));
}

/**
 * The insert of one event (the only text of that write): alone, or, with `onlyIf` (a relation,
 * e.g. the rows a change in the same statement returned: `changeThen` in src/db/change-then.ts),
 * only when that relation has a row.
 */
export function documentEventInsert(
  doc: Pick<DocumentRow, 'id' | 'tenantId'>,
  type: string,
  detail: Record<string, unknown> | null,
  at: Date,
  onlyIf?: SQL,
): SQL {
  return sql`insert into document_events (id, document_id, tenant_id, type, detail, created_at)
    select ${uuidv7(at.getTime())}::uuid, ${doc.id}::uuid, ${doc.tenantId}::uuid, ${type},
      ${detail === null ? null : JSON.stringify(detail)}::jsonb, ${at.toISOString()}::timestamptz
    ${onlyIf ? sql`where exists (select 1 from ${onlyIf})` : sql``}`;
}
