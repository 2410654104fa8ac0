/**
 * Idempotency-Key lookups of creates (docs/creates.md): the document a key already made, found
 * alone (a single create's replay) or, for a batch, under each key's advisory lock.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { AppError } from '../../shared/errors.js';
import { SUMMARY_COLUMNS, type SummaryRow } from './document-summary.js';
import { type DocumentRow, documents } from './documents.tables.js';

/** A key's document as a replay answers it (the summary, never the XML), with what a replay compares. */
export type IdempotentRow = SummaryRow & Pick<DocumentRow, 'id' | 'requestHash'>;

const inTenant = (tenantId: string, environment: string) =>
  and(eq(documents.tenantId, tenantId), eq(documents.environment, environment as 'sandbox'));

/** The document of an Idempotency-Key. */
export async function findByIdempotencyKey(
  db: Executor,
  tenantId: string,
  environment: string,
  key: string,
): Promise<IdempotentRow | null> {
  const [row] = await db
    .select({ ...SUMMARY_COLUMNS, id: documents.id, requestHash: documents.requestHash })
    .from(documents)
    .where(and(inTenant(tenantId, environment), eq(documents.idempotencyKey, key)));
  return row ?? null;
}

/**
 * The documents already created under some Idempotency-Keys of a tenant and environment, after
 * taking each key's transaction-scoped advisory lock (in one order, so two batches sharing keys
 * never deadlock): concurrent requests with a key queue on it; the first creates, the others find
 * its document here. The lock is a statement of its own: the lookup's snapshot must follow it.
 */
export async function lockAndFindIdempotent(
  tx: Executor,
  tenantId: string,
  environment: string,
  keys: string[],
): Promise<Map<string, IdempotentRow>> {
  const names = [...new Set(keys)].sort().map((k) => `${tenantId}|${environment}|${k}`);
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(k, 0))
      from (select k from unnest(${sql.param(names)}::text[]) k order by k) keys`);
  const rows = await tx
    .select({
      ...SUMMARY_COLUMNS,
      id: documents.id,
      requestHash: documents.requestHash,
      idempotencyKey: documents.idempotencyKey,
    })
    .from(documents)
    .where(and(inTenant(tenantId, environment), inArray(documents.idempotencyKey, keys)));
  return new Map(rows.map((r) => [r.idempotencyKey!, r]));
}

/** Why a request cannot replay its key's document: another body under the same key (409). */
export function replayError(existing: IdempotentRow, hash: string): AppError | null {
  return existing.requestHash === hash
    ? null
    : new AppError('CONFLICT', 'This Idempotency-Key was already used with a different payload');
}
