import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { executorOf, UnitOfWork, type WriteTarget } from '../db/unit-of-work.js';

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
 * committed business row always has its job and a rolled-back one never does. Given a unit of
 * work (src/db/unit-of-work.ts), the job is added at its flush, with the others in one
 * `add_jobs` call (an `unsafe_dedupe` one, which `add_jobs` cannot take, is added at once).
 *
 * Delays are relative and computed by the database (`now() + delay`): the job queue runs on the
 * database clock, while business logic reads the movable Clock. Tests that move the Clock
 * also shift pending jobs (see test/helpers), which keeps the two consistent.
 */
export async function enqueue<S extends TSchema>(
  to: WriteTarget,
  task: string,
  spec: { version: number; payload: S },
  payload: Static<S>,
  opts: EnqueueOptions = {},
): Promise<void> {
  const delaySeconds = (opts.delayMs ?? 0) / 1000;
  // The payload names its version (`v`): a worker of another version refuses it clearly
  // (defineJob) instead of misreading it during a rolling deploy.
  const body = { ...(payload as object), v: spec.version };
  const mode = opts.jobKeyMode ?? 'replace';
  if (to instanceof UnitOfWork && mode !== 'unsafe_dedupe') {
    to.job({
      identifier: task,
      payload: body,
      queueName: opts.queueName ?? null,
      delaySeconds,
      maxAttempts: opts.maxAttempts ?? null,
      jobKey: opts.jobKey ?? null,
      priority: opts.priority ?? null,
      preserveRunAt: mode === 'preserve_run_at',
    });
    return;
  }
  await executorOf(to).execute(sql`select graphile_worker.add_job(
    identifier => ${task}::text,
    payload => ${JSON.stringify(body)}::json,
    queue_name => ${opts.queueName ?? null}::text,
    run_at => now() + make_interval(secs => ${delaySeconds}::double precision),
    max_attempts => ${opts.maxAttempts ?? null}::int,
    job_key => ${opts.jobKey ?? null}::text,
    priority => ${opts.priority ?? null}::int,
    job_key_mode => ${mode}::text
  )`);
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
