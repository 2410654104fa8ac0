import { sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import type { Executor } from '../db/pool.js';

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
export async function enqueue(
  tx: Executor,
  task: string,
  payload: object,
  opts: EnqueueOptions = {},
): Promise<void> {
  const delaySeconds = (opts.delayMs ?? 0) / 1000;
  await tx.execute(sql`select graphile_worker.add_job(
    identifier => ${task}::text,
    payload => ${JSON.stringify(payload)}::json,
    queue_name => ${opts.queueName ?? null}::text,
    run_at => now() + make_interval(secs => ${delaySeconds}::double precision),
    max_attempts => ${opts.maxAttempts ?? null}::int,
    job_key => ${opts.jobKey ?? null}::text,
    priority => ${opts.priority ?? null}::int,
    job_key_mode => ${opts.jobKeyMode ?? 'replace'}::text
  )`);
}

export interface JobContext {
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  isLastAttempt: boolean;
  helpers: JobHelpers;
}

export interface JobDefinition<P = unknown> {
  name: string;
  run(payload: P, ctx: JobContext): Promise<void>;
}

export function defineJob<P>(
  name: string,
  run: (payload: P, ctx: JobContext) => Promise<void>,
): JobDefinition<P> {
  return { name, run };
}
