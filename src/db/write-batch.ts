import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './pool.js';

/**
 * The writes at the end of a transaction in one statement (docs/pipeline-performance.md, "Fifth
 * pass"): inside `withWriteBatch(tx, …)`, writes nothing later in the transaction reads (a
 * document's events, its email in the outbox, the jobs of both) are kept instead of sent, and
 * sent together when `fn` ends, as data-modifying CTEs of one statement whose select list calls
 * the deferred functions (`graphile_worker.add_jobs`). Every part of a statement sees the same
 * snapshot and none sees another's rows; they are committed with the transaction, or not at all.
 * Each round trip costs the worker and PostgreSQL a wake-up of the other process: on the 2-core
 * machine of issue 16 about half a millisecond of CPU each.
 */
interface Pending {
  /** insert / update / delete statements without `returning`, in the order deferred. */
  writes: SQL[];
  /** Scalar expressions (function calls) evaluated in the final select list, in order. */
  calls: SQL[];
}

const batches = new WeakMap<Executor, Pending>();

/**
 * Keeps `statement` (an insert, update or delete without `returning`) for the end of the open
 * write batch of `tx`; false when none is open: the caller runs it itself.
 */
export function deferWrite(tx: Executor, statement: SQL): boolean {
  const batch = batches.get(tx);
  if (!batch) return false;
  batch.writes.push(statement);
  return true;
}

/** `deferWrite` for a scalar expression whose value nobody needs (e.g. `graphile_worker.add_jobs(…)`). */
export function deferCall(tx: Executor, expression: SQL): boolean {
  const batch = batches.get(tx);
  if (!batch) return false;
  batch.calls.push(expression);
  return true;
}

/** Runs `fn` and then, in `tx`, everything it deferred: one statement (none when nothing was). */
export async function withWriteBatch<T>(tx: Executor, fn: () => Promise<T>): Promise<T> {
  if (batches.has(tx)) return fn();
  const batch: Pending = { writes: [], calls: [] };
  batches.set(tx, batch);
  let value: T;
  try {
    value = await fn();
  } finally {
    batches.delete(tx);
  }
  const statement = batchStatement(batch);
  if (statement) await tx.execute(statement);
  return value;
}

/** The statement that runs a batch, or null when it is empty. */
function batchStatement({ writes, calls }: Pending): SQL | null {
  if (writes.length === 0 && calls.length === 0) return null;
  if (calls.length === 0 && writes.length === 1) return writes[0]!;
  const select = calls.length === 0 ? sql`select 1` : sql`select ${sql.join(calls, sql`, `)}`;
  if (writes.length === 0) return select;
  const ctes = writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
  return sql`with ${sql.join(ctes, sql`, `)} ${select}`;
}
