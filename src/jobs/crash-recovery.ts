import { hostname } from 'node:os';
import type { WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { JobDefinition } from './queue.js';

export interface HeartbeatSettings {
  /** How often each process records that its workers are alive, and looks for dead ones. */
  intervalMs: number;
  /** A worker silent for this long is dead: its locked jobs are unlocked for others to run. */
  deadAfterMs: number;
}

/**
 * Crash recovery for every kind of job at once (docs/hardening.md, "Crash recovery").
 *
 * graphile-worker locks a job to the worker running it and frees the lock of a worker that died
 * (kill -9, a lost machine) only after 4 hours. Each live process therefore records a heartbeat
 * for each of its workers in `worker_heartbeats`, and every `intervalMs` also sweeps: workers whose
 * heartbeat is older than `deadAfterMs`, and workers holding a job locked for longer than that
 * without any fresh heartbeat (a worker that died before its first beat was written, or a process
 * from before this table), are passed to graphile-worker's public `forceUnlockWorkers`. Their jobs
 * become runnable at once, with the attempt they had. Only public interfaces are read: our table
 * and graphile-worker's `jobs` view, outside any transaction as its documentation asks.
 */
export class WorkerHeartbeat {
  private readonly workerIds = new Set<string>();
  private readonly process = `${hostname()}:${process.pid}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  /** The jobs that close an owning record when their attempts run out, by task name. */
  private readonly exhaustible: Map<string, JobDefinition>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly utils: WorkerUtils,
    private readonly settings: HeartbeatSettings,
    private readonly log: Logger,
    jobs: JobDefinition[] = [],
  ) {
    this.exhaustible = new Map(jobs.filter((j) => j.onExhausted).map((j) => [j.name, j]));
  }

  /** A worker of this process was created: beat for it right away, before it holds a job for long. */
  add(workerId: string): void {
    this.workerIds.add(workerId);
    this.beat().catch((e) => this.log.warn({ err: e }, 'worker heartbeat failed'));
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
      });
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  /** Records that this process's workers are alive. */
  async beat(): Promise<void> {
    if (this.workerIds.size === 0) return;
    await this.pool.query(
      `insert into worker_heartbeats (worker_id, process)
       select unnest($1::text[]), $2
       on conflict (worker_id) do update set last_seen = now(), process = excluded.process`,
      [[...this.workerIds], this.process],
    );
  }

  /** Unlocks the jobs of workers that stopped beating; returns their ids. */
  async sweep(): Promise<string[]> {
    const { rows } = await this.pool.query<{ worker_id: string }>(
      `with stale as (
         delete from worker_heartbeats
         where last_seen < now() - make_interval(secs => $1::double precision)
         returning worker_id),
       silent as (
         select distinct j.locked_by as worker_id from graphile_worker.jobs j
         where j.locked_by is not null
           and j.locked_at < now() - make_interval(secs => $1::double precision)
           and not exists (
             select 1 from worker_heartbeats h
             where h.worker_id = j.locked_by
               and h.last_seen >= now() - make_interval(secs => $1::double precision)))
       select worker_id from stale union select worker_id from silent`,
      [this.settings.deadAfterMs / 1000],
    );
    const dead = rows.map((r) => r.worker_id).filter((id) => !this.workerIds.has(id));
    if (dead.length > 0) {
      await this.utils.forceUnlockWorkers(dead);
      this.log.warn({ workers: dead }, 'unlocked the jobs of workers that stopped beating');
    }
    return dead;
  }

  /**
   * Jobs the queue will never run again (attempts exhausted, not locked) whose definition has an
   * `onExhausted`: each is handed to it, then removed with graphile-worker's public `completeJobs`.
   * This is the one place where a job whose last attempt died with its worker (no code of ours ran
   * to record the failure) reaches its failed state; a job that failed normally is closed again,
   * harmlessly. The payload is not in graphile-worker's public view: `permanentlyFailJobs` (public,
   * a no-op on a job already exhausted, keeping its last error) returns the row with it. A callback
   * that fails leaves its job for the next sweep. Returns the jobs closed.
   */
  async closeExhausted(): Promise<number> {
    if (this.exhaustible.size === 0) return 0;
    const { rows } = await this.pool.query<{ id: string; task: string; last_error: string | null }>(
      `select id, task_identifier as task, last_error from graphile_worker.jobs
       where task_identifier = any($1::text[]) and locked_at is null and attempts >= max_attempts
       order by id limit 100`,
      [[...this.exhaustible.keys()]],
    );
    let closed = 0;
    for (const { id, task, last_error } of rows) {
      const [job] = await this.utils.permanentlyFailJobs([id], last_error ?? 'attempts exhausted');
      if (!job) continue; // locked again or removed meanwhile
      try {
        await this.exhaustible.get(task)?.onExhausted?.(job.payload);
        await this.utils.completeJobs([id]);
        closed++;
        this.log.error(
          { job: task, jobId: id, lastError: last_error },
          'job exhausted its attempts: its record is marked failed',
        );
      } catch (e) {
        this.log.warn({ err: e, job: task, jobId: id }, 'could not close an exhausted job');
      }
    }
    return closed;
  }

  private async tick(): Promise<void> {
    try {
      await this.beat();
      await this.sweep();
      await this.closeExhausted();
    } catch (e) {
      this.log.warn({ err: e }, 'worker heartbeat or crash sweep failed');
    }
  }

  /** After a clean shutdown: nothing of ours is locked any more, so our rows can go. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    if (this.workerIds.size === 0) return;
    await this.pool
      .query('delete from worker_heartbeats where worker_id = any($1::text[])', [[...this.workerIds]])
      .catch((e) => this.log.warn({ err: e }, 'could not remove worker heartbeats'));
  }
}
