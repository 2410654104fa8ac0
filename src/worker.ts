import { EventEmitter } from 'node:events';
import { makeWorkerUtils, run, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { WorkerQueueSettings } from './config/config.js';
import { silentLogger } from './db/migrate.js';
import { type HeartbeatSettings, WorkerHeartbeat } from './jobs/crash-recovery.js';
import type { JobDefinition } from './jobs/queue.js';

export interface WorkerOptions {
  pool: pg.Pool;
  jobs: JobDefinition[];
  concurrency: number;
  log: Logger;
  /** graphile-worker crontab lines (daily jobs); times are UTC in graphile-worker. */
  crontab?: string;
  pollIntervalMs?: number;
  heartbeat: HeartbeatSettings;
  /** false: graphile-worker's own statements go unnamed (PgBouncer before 1.21, transaction mode). */
  preparedStatements?: boolean;
  /** Local queue and batched completions (graphile-worker 0.17); absent: neither. */
  queue?: WorkerQueueSettings;
}

export interface RunningWorker {
  /** Finishes the jobs in progress, then stops (and removes this process's heartbeats). */
  stop(): Promise<void>;
}

/**
 * The job runner: graphile-worker on the same database, LISTEN/NOTIFY for instant pickup.
 * Several workers may run against one database; a job is locked by one of them at a time. A worker
 * that dies keeps its jobs locked until graphile-worker's 4-hour timeout, so every process records
 * heartbeats and unlocks the jobs of workers that stopped beating (src/jobs/crash-recovery.ts).
 *
 * graphile-worker 0.17 locks jobs to the worker *pool* (`pool-…`, one per process), not to each
 * slot: the heartbeat is the pool's, and it covers the jobs of the local queue (fetched and locked
 * but not started yet) as well as the running ones. With `queue.localQueueSize` > 0 one fetch locks
 * up to that many ready jobs and the slots take them from memory; completions and failures are
 * gathered for `completeBatchMs` / `failBatchMs` into one statement each (docs/pipeline-performance.md).
 */
export function buildTaskList(jobs: JobDefinition[], log: Logger): TaskList {
  const taskList: TaskList = {};
  for (const job of jobs) {
    taskList[job.name] = async (payload, helpers) => {
      const attempt = helpers.job.attempts;
      const maxAttempts = helpers.job.max_attempts;
      const isLastAttempt = attempt >= maxAttempts;
      try {
        await job.run(payload, { attempt, maxAttempts, isLastAttempt, helpers });
      } catch (e) {
        const fields = {
          job: job.name,
          version: job.version,
          jobId: helpers.job.id,
          attempt,
          maxAttempts,
          err: e,
        };
        if (isLastAttempt) log.error(fields, 'job failed on its last attempt; it will not be retried');
        else log.warn(fields, 'job failed; it will be retried');
        throw e;
      }
    };
  }
  return taskList;
}

export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const utils = await makeWorkerUtils({ pgPool: opts.pool, logger: silentLogger() });
  const heartbeat = new WorkerHeartbeat(opts.pool, utils, opts.heartbeat, opts.log, opts.jobs);
  const events: WorkerEvents = new EventEmitter();
  // 0.17: jobs are locked by the pool's id (before: each worker's), so that is what beats.
  events.on('pool:create', ({ workerPool }) => heartbeat.add(workerPool.id));
  const queue = opts.queue;
  const runner = await run({
    pgPool: opts.pool,
    taskList: buildTaskList(opts.jobs, opts.log),
    concurrency: opts.concurrency,
    noHandleSignals: true,
    pollInterval: opts.pollIntervalMs ?? 1000,
    crontab: opts.crontab ?? '',
    logger: silentLogger(),
    events,
    noPreparedStatements: opts.preparedStatements === false,
    preset: {
      worker: {
        ...(queue && queue.localQueueSize > 0
          ? {
              localQueue: {
                size: queue.localQueueSize,
                // A fetch that did not fill the queue waits ~refetchDelayMs before the next one,
                // whatever new jobs are announced meanwhile (unless very many): at most one
                // fetch per delay when jobs trickle in, instead of one per job. Off by default:
                // an announcement dropped that way waits for the next poll (config.ts).
                ...(queue.refetchDelayMs > 0
                  ? {
                      refetchDelay: {
                        durationMs: queue.refetchDelayMs,
                        threshold: queue.localQueueSize - 1,
                      },
                    }
                  : {}),
              },
            }
          : {}),
        completeJobBatchDelay: queue?.completeBatchMs ?? -1,
        failJobBatchDelay: queue?.failBatchMs ?? -1,
      },
    },
  });
  heartbeat.start();
  // Jobs left locked by a worker that died before this one started are freed now, not in a minute.
  await heartbeat.beat();
  await heartbeat.sweep().catch((e) => opts.log.warn({ err: e }, 'crash sweep failed'));
  await heartbeat.closeExhausted().catch((e) => opts.log.warn({ err: e }, 'exhausted-job sweep failed'));
  return {
    async stop() {
      await runner.stop();
      await heartbeat.stop();
      await utils.release();
    },
  };
}
