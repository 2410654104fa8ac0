import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from './pool.js';

/**
 * A job as `graphile_worker.add_jobs` takes it (src/jobs/queue.ts's `enqueue` builds it: payload
 * with its version, key, attempts).
 */
export interface JobSpec {
  identifier: string;
  payload: object;
  queueName: string | null;
  /** Seconds from the database's now(). */
  delaySeconds: number;
  maxAttempts: number | null;
  jobKey: string | null;
  priority: number | null;
  /** job_key_mode 'preserve_run_at' instead of 'replace' (add_jobs takes it per call). */
  preserveRunAt: boolean;
}

/**
 * The writes of a piece of work that nothing in it reads back, kept and sent together as one
 * statement (`flush`): the inserts, updates and deletes as data-modifying CTEs, the jobs as one
 * `graphile_worker.add_jobs` call (two when some keep a pending job's time) in its select list.
 * Every part of the statement sees the same snapshot and none sees another's rows; it commits
 * with the transaction around it, or, without one, is atomic on its own.
 *
 * A function whose writes may wait receives the unit of work (and says so in its type); it
 * reads, and writes whatever it must read back, through `tx`. Each round trip saved costs the
 * service and PostgreSQL a wake-up of the other process (docs/performance.md).
 */
export class UnitOfWork {
  private writes: SQL[] = [];
  private jobs: JobSpec[] = [];

  /** `tx`: the transaction (or connection) the work reads in and the flush is sent on. */
  constructor(readonly tx: Executor) {}

  /** An insert, update or delete without `returning`, sent at `flush` (a Drizzle query or `sql`). */
  write(statement: SQLWrapper): void {
    this.writes.push(statement.getSQL());
  }

  /** A job added at `flush`, with the other jobs, in one `add_jobs` call. */
  job(spec: JobSpec): void {
    this.jobs.push(spec);
  }

  /** Sends what was kept, as one statement (none when nothing was), and starts empty again. */
  async flush(): Promise<void> {
    const statement = flushStatement(this.writes, this.jobs);
    this.writes = [];
    this.jobs = [];
    if (statement) await this.tx.execute(statement);
  }
}

/** Something a write may go to: sent now on an Executor, or kept by a unit of work. */
export type WriteTarget = Executor | UnitOfWork;

/** The executor to build a query with (and to read through) for `to`. */
export function executorOf(to: WriteTarget): Executor {
  return to instanceof UnitOfWork ? to.tx : to;
}

/** `statement` (an insert, update or delete without `returning`) sent now, or kept by the unit of work. */
export async function writeTo(to: WriteTarget, statement: SQLWrapper): Promise<void> {
  if (to instanceof UnitOfWork) to.write(statement);
  else await to.execute(statement.getSQL());
}

/**
 * A transaction whose unit of work is flushed before its commit: `begin`, `fn`'s statements, the
 * flush, `commit` (a rollback on a throw, with nothing flushed).
 */
export function inUnitOfWork<T>(db: Executor, fn: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  return withTransaction(db, async (tx) => {
    const uow = new UnitOfWork(tx);
    const value = await fn(uow);
    await uow.flush();
    return value;
  });
}

/**
 * A unit of work without a transaction, for work whose every write goes through the unit of work
 * (`write`, `job`) and whose reads take no locks: its flush, one statement, is atomic on its own.
 */
export async function inOneStatement<T>(db: Executor, fn: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const uow = new UnitOfWork(db);
  const value = await fn(uow);
  await uow.flush();
  return value;
}

/** `graphile_worker.add_jobs` for `jobs` as a scalar expression (the number added). */
function addJobsCall(jobs: JobSpec[], preserveRunAt: boolean): SQL {
  const rows = jobs.map((j) => ({
    identifier: j.identifier,
    payload: j.payload,
    queue_name: j.queueName,
    delay: j.delaySeconds,
    max_attempts: j.maxAttempts,
    job_key: j.jobKey,
    priority: j.priority,
  }));
  return sql`(select count(*) from graphile_worker.add_jobs(array(
      select row(
        j->>'identifier', j->'payload', j->>'queue_name',
        now() + make_interval(secs => (j->>'delay')::double precision),
        (j->>'max_attempts')::int, j->>'job_key', (j->>'priority')::int, null
      )::graphile_worker.job_spec
      from json_array_elements(${JSON.stringify(rows)}::json) with ordinality as t(j, n)
      order by n
    ), ${preserveRunAt}))`;
}

function flushStatement(writes: SQL[], jobs: JobSpec[]): SQL | null {
  const calls = [false, true].flatMap((preserve) => {
    const group = jobs.filter((j) => j.preserveRunAt === preserve);
    return group.length === 0 ? [] : [addJobsCall(group, preserve)];
  });
  if (writes.length === 0 && calls.length === 0) return null;
  if (calls.length === 0 && writes.length === 1) return writes[0]!;
  const select = calls.length === 0 ? sql`select 1` : sql`select ${sql.join(calls, sql`, `)}`;
  if (writes.length === 0) return select;
  const ctes = writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
  return sql`with ${sql.join(ctes, sql`, `)} ${select}`;
}
