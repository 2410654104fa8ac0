import { type Runner, run, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import { silentLogger } from './db/migrate.js';
import type { JobDefinition } from './jobs/queue.js';

export interface WorkerOptions {
  pool: pg.Pool;
  jobs: JobDefinition<never>[];
  concurrency: number;
  log: Logger;
  /** graphile-worker crontab lines (daily jobs); times are UTC in graphile-worker. */
  crontab?: string;
  pollIntervalMs?: number;
}

/**
 * The job runner: graphile-worker on the same database, LISTEN/NOTIFY for instant pickup.
 * Several workers may run against one database; a job is locked by one of them at a time. A worker
 * that dies keeps its jobs locked until graphile-worker's 4-hour timeout, so the submission sweep
 * (src/modules/submission) re-queues documents whose job belongs to a dead worker.
 */
export function buildTaskList(jobs: JobDefinition<never>[], log: Logger): TaskList {
  const taskList: TaskList = {};
  for (const job of jobs) {
    taskList[job.name] = async (payload, helpers) => {
      const attempt = helpers.job.attempts;
      const maxAttempts = helpers.job.max_attempts;
      try {
        await job.run(payload as never, {
          attempt,
          maxAttempts,
          isLastAttempt: attempt >= maxAttempts,
          helpers,
        });
      } catch (e) {
        log.warn({ job: job.name, jobId: helpers.job.id, attempt, err: e }, 'job failed; it will be retried');
        throw e;
      }
    };
  }
  return taskList;
}

export async function startWorker(opts: WorkerOptions): Promise<Runner> {
  return run({
    pgPool: opts.pool,
    taskList: buildTaskList(opts.jobs, opts.log),
    concurrency: opts.concurrency,
    noHandleSignals: true,
    pollInterval: opts.pollIntervalMs ?? 1000,
    crontab: opts.crontab ?? '',
    logger: silentLogger(),
  });
}
