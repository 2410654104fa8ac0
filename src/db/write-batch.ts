import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, withLastStatementCommit } from './pool.js';

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

/**
 * A Drizzle insert, update or delete without `returning`: kept for the open write batch of `tx`,
 * or run now when none is open.
 */
export async function writeOrDefer(tx: Executor, query: SQLWrapper & PromiseLike<unknown>): Promise<void> {
  if (!deferWrite(tx, query.getSQL())) await query;
}

/** `deferWrite` for a scalar expression whose value nobody needs (e.g. `graphile_worker.add_jobs(…)`). */
export function deferCall(tx: Executor, expression: SQL): boolean {
  const batch = batches.get(tx);
  if (!batch) return false;
  batch.calls.push(expression);
  return true;
}

/**
 * The shape every per-transaction batch shares: `fn` runs with a fresh batch registered for `tx`
 * in `registry` (or, when one is open already, inside it), then `flush` gets what it gathered.
 * A throw flushes nothing.
 */
export async function withBatch<B, T>(
  registry: WeakMap<Executor, B>,
  tx: Executor,
  fresh: () => B,
  fn: () => Promise<T>,
  flush: (batch: B) => Promise<void>,
): Promise<T> {
  if (registry.has(tx)) return fn();
  const batch = fresh();
  registry.set(tx, batch);
  let value: T;
  try {
    value = await fn();
  } finally {
    registry.delete(tx);
  }
  await flush(batch);
  return value;
}

/** Runs `fn` and then, in `tx`, everything it deferred: one statement (none when nothing was). */
export function withWriteBatch<T>(tx: Executor, fn: () => Promise<T>, last?: () => void): Promise<T> {
  return withBatch(
    batches,
    tx,
    (): Pending => ({ writes: [], calls: [] }),
    fn,
    async (batch) => {
      const statement = batchStatement(batch);
      if (!statement) return;
      last?.();
      await tx.execute(statement);
    },
  );
}

/**
 * A transaction around a write batch: `fn` runs in it, then the batch's statement goes with the
 * transaction's `commit` in one round trip (src/db/fused-transaction.ts). With its `begin` riding
 * on the first statement, a transaction of a read and the batch is two round trips.
 */
export function withWriteBatchTransaction<T>(db: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return withLastStatementCommit(db, (tx, last) => withWriteBatch(tx, () => fn(tx), last));
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
