import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type SQL, sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import type { Executor } from '../db/pool.js';
import { deferCall, withBatch } from '../db/write-batch.js';

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now (database time; see note below). */
  delayMs?: number;
  /** Deduplication key: a pending job with the same key is replaced (graphile-worker job_key). */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  maxAttempts?: number;
  /** Jobs in one named queue run one at a time, in order. */
  queueName?: string;
  priority?: number;
}

/**
 * Enqueues a job inside the caller's transaction (`graphile_worker.add_job` in SQL), so a
 * committed business row always has its job and a rolled-back one never does.
 *
 * Delays are relative and computed by the database (`now() + delay`): the job queue runs on the
 * database clock, while business logic reads the movable Clock. Tests that move the Clock
 * also shift pending jobs (see test/helpers), which keeps the two consistent.
 */
export async function enqueue<S extends TSchema>(
  tx: Executor,
  task: string,
  spec: { version: number; payload: S },
  payload: Static<S>,
  opts: EnqueueOptions = {},
): Promise<void> {
  const delaySeconds = (opts.delayMs ?? 0) / 1000;
  // The payload names its version (`v`): a worker of another version refuses it clearly
  // (defineJob) instead of misreading it during a rolling deploy.
  const body = { ...(payload as object), v: spec.version };
  const batch = batches.get(tx);
  const mode = opts.jobKeyMode ?? 'replace';
  if (batch && mode !== 'unsafe_dedupe') {
    batch.push({
      preserveRunAt: mode === 'preserve_run_at',
      identifier: task,
      payload: body,
      queue_name: opts.queueName ?? null,
      delay: delaySeconds,
      max_attempts: opts.maxAttempts ?? null,
      job_key: opts.jobKey ?? null,
      priority: opts.priority ?? null,
    });
    return;
  }
  await tx.execute(sql`select graphile_worker.add_job(
    identifier => ${task}::text,
    payload => ${JSON.stringify(body)}::json,
    queue_name => ${opts.queueName ?? null}::text,
    run_at => now() + make_interval(secs => ${delaySeconds}::double precision),
    max_attempts => ${opts.maxAttempts ?? null}::int,
    job_key => ${opts.jobKey ?? null}::text,
    priority => ${opts.priority ?? null}::int,
    job_key_mode => ${opts.jobKeyMode ?? 'replace'}::text
  )`);
}

interface BatchedJob {
  /** job_key_mode 'preserve_run_at' (added by a second add_jobs call with that flag). */
  preserveRunAt: boolean;
  identifier: string;
  payload: object;
  queue_name: string | null;
  /** Seconds from the database's now(). */
  delay: number;
  max_attempts: number | null;
  job_key: string | null;
  priority: number | null;
}

/** Jobs queued by `enqueue` inside `withJobBatch(tx, …)`, added together when it ends. */
const batches = new WeakMap<Executor, BatchedJob[]>();

/**
 * Runs `fn` and adds every job it queues on `tx` in one `graphile_worker.add_jobs` call at its
 * end (a document's authorization queues its email and its webhook deliveries together), still
 * inside the caller's transaction: committed with it, or not at all. Jobs that keep a pending
 * job's time (`preserve_run_at`) go in a second `add_jobs` call (its flag is per call);
 * `unsafe_dedupe` ones are added at once, as outside a batch.
 */
export function withJobBatch<T>(tx: Executor, fn: () => Promise<T>): Promise<T> {
  return withBatch(
    batches,
    tx,
    (): BatchedJob[] => [],
    fn,
    (jobs) => addBatchedJobs(tx, jobs),
  );
}

async function addBatchedJobs(tx: Executor, jobs: BatchedJob[]): Promise<void> {
  for (const preserveRunAt of [false, true]) {
    const group = jobs.filter((j) => j.preserveRunAt === preserveRunAt);
    if (group.length === 0) continue;
    const added = sql`(select count(*) from graphile_worker.add_jobs(array(
      select row(
        j->>'identifier', j->'payload', j->>'queue_name',
        now() + make_interval(secs => (j->>'delay')::double precision),
        (j->>'max_attempts')::int, j->>'job_key', (j->>'priority')::int, null
      )::graphile_worker.job_spec
      from json_array_elements(${JSON.stringify(group)}::json) with ordinality as t(j, n)
      order by n
    ), ${preserveRunAt}))`;
    // Inside a write batch (src/db/write-batch.ts) the call goes with the transaction's last writes.
    if (!deferCall(tx, added)) await tx.execute(sql`select ${added}`);
  }
}

/**
 * `enqueue` for many payloads of one task at once: a SQL expression (one `graphile_worker.add_jobs`
 * call, for the caller to run inside its transaction, alone or in a larger statement) that adds the
 * same jobs `enqueue` would add one by one with `jobKeyMode: 'replace'` (what `add_job` does in
 * that mode: it calls `add_jobs` with one spec) and no delay. Each payload carries `v`; `jobKeys`
 * match the payloads by position.
 */
export function addJobsSql<S extends TSchema>(
  task: string,
  spec: { version: number; payload: S },
  payloads: Static<S>[],
  opts: { jobKeys?: string[]; maxAttempts?: number } = {},
): SQL {
  const specs = payloads.map((payload, i) => ({
    identifier: task,
    payload: { ...(payload as object), v: spec.version },
    job_key: opts.jobKeys?.[i] ?? null,
    max_attempts: opts.maxAttempts ?? null,
  }));
  return sql`graphile_worker.add_jobs(array(
    select s from json_populate_recordset(null::graphile_worker.job_spec, ${JSON.stringify(specs)}::json) s
  ), false)`;
}

export interface JobContext {
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  isLastAttempt: boolean;
  helpers: JobHelpers;
}

/**
 * A job as the worker sees it: its name, the version of its payload, the TypeBox schema of that
 * payload, and a runner that checks the payload first. `defineJob` builds it from a typed
 * function, so a list of different jobs needs no casts.
 */
export interface JobDefinition {
  name: string;
  /** Version of the payload shape; raised when it changes (docs/ARCHITECTURE.md, Jobs). */
  version: number;
  payload: TSchema;
  /** Checks `payload` against the schema (InvalidJobPayload when it does not match), then runs. */
  run(payload: unknown, ctx: JobContext): Promise<void>;
  /**
   * Records the failure in the job's own row (an export FAILED, …) once the queue will not run the
   * job again: attempts exhausted, however the last one ended, a worker killed during it included
   * (src/jobs/crash-recovery.ts calls it). Idempotent: it may run after the last attempt itself
   * recorded the failure. Absent: the job has no owning record to close.
   */
  onExhausted?(payload: unknown): Promise<void>;
}

/** A payload that does not match its job's schema: the job fails with this message, nothing runs. */
class InvalidJobPayload extends Error {
  constructor(job: string, version: number, problems: string[]) {
    super(`Invalid payload for job ${job} (v${version}): ${problems.join('; ')}`);
    this.name = 'InvalidJobPayload';
  }
}

export function defineJob<S extends TSchema>(
  name: string,
  spec: { version: number; payload: S },
  run: (payload: Static<S>, ctx: JobContext) => Promise<void>,
  opts: { onExhausted?: (payload: Static<S>) => Promise<void> } = {},
): JobDefinition {
  const check = TypeCompiler.Compile(spec.payload);
  const onExhausted = opts.onExhausted;
  return {
    name,
    version: spec.version,
    payload: spec.payload,
    // A payload that does not match the schema has no record this version could close.
    ...(onExhausted
      ? {
          async onExhausted(payload: unknown) {
            if (check.Check(payload)) await onExhausted(payload);
          },
        }
      : {}),
    async run(payload, ctx) {
      // A payload written by another version of the job (a rolling deploy) names it in `v`.
      const v = (payload as { v?: unknown } | null)?.v;
      if (v !== undefined && v !== spec.version)
        throw new InvalidJobPayload(name, spec.version, [
          `payload version ${String(v)} is not ${spec.version}`,
        ]);
      if (!check.Check(payload)) {
        const problems = [...check.Errors(payload)].slice(0, 5).map((e) => `${e.path || '/'} ${e.message}`);
        throw new InvalidJobPayload(name, spec.version, problems);
      }
      await run(payload, ctx);
    },
  };
}

/** A row id in a payload. */
export const JobId = Type.String({ minLength: 1 });

/** Daily and sweep jobs take no payload (graphile-worker's cron adds `_cron`, which is allowed). */
export const NO_PAYLOAD_V1 = { version: 1, payload: Type.Object({}) };
