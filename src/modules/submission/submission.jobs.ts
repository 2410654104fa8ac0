import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type Executor, withTransaction } from '../../db/pool.js';
import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { recordDocumentEvent } from '../documents/index.js';
import { BUSY_RETRY_MS } from './backoff.js';
import type { DocumentProcessor } from './processor.js';
import {
  type DocumentState,
  documentJobKey,
  PROCESS_JOB,
  PROCESS_PAYLOAD,
  queueProcessing,
  SWEEP_JOB,
  tryLockAndLoadState,
} from './submission.repository.js';

/** graphile-worker crontab line (UTC): the reconciliation sweep, every minute. */
export const SUBMISSION_CRONTAB = `* * * * * ${SWEEP_JOB} ?max=1&jobKey=${SWEEP_JOB}`;

/**
 * Runs `fn` holding the document's session advisory lock on a connection of its own, with the
 * document's state read in the statement that took the lock. The lock, not the job queue, is
 * what keeps two runs about one document apart: it dies with the connection, so a worker killed
 * mid-call never leaves a document locked.
 */
async function withDocumentLock<T>(
  pool: pg.Pool,
  documentId: string,
  now: Date,
  fn: (exec: Executor, state: DocumentState | null) => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const key = documentJobKey(documentId);
  const client = await pool.connect();
  let broken = false;
  try {
    const exec = drizzle(client) as unknown as Executor;
    const tried = await tryLockAndLoadState(exec, key, documentId, now);
    if (!tried.locked) return { locked: false };
    try {
      return { locked: true, value: await fn(exec, tried.state) };
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => {
        broken = true;
      });
    }
  } catch (e) {
    broken = true;
    throw e;
  } finally {
    // A connection in doubt is destroyed, which also frees any lock it held.
    client.release(broken);
  }
}

export interface SubmissionJobDeps {
  db: Executor;
  pool: pg.Pool;
  clock: Clock;
  log: Logger;
  processDocument: DocumentProcessor;
}

export function createProcessJob(deps: SubmissionJobDeps) {
  return defineJob(PROCESS_JOB, PROCESS_PAYLOAD, async ({ documentId }) => {
    const run = await withDocumentLock(deps.pool, documentId, deps.clock.now(), (exec, state) =>
      deps.processDocument.stepFrom(exec, state),
    );
    // Another run holds the document (a request queued during a step): come back after it,
    // without pulling forward a job it already scheduled.
    if (!run.locked) {
      await queueProcessing(deps.db, documentId, { delayMs: BUSY_RETRY_MS, keepPendingTime: true });
      return;
    }
    // Received: the first authorization check, by this run, lock and connection released meanwhile.
    const followUp = run.value;
    if (!followUp) return;
    if (followUp.waitMs > 0) await setTimeout(followUp.waitMs);
    await deps.processDocument.followUp(deps.db, followUp);
  });
}

/**
 * The reconciliation sweep: every SIGNED or RECEIVED document must have a job. A job is missing
 * when none exists (lost before 0200, deleted by an operator) or when it ran out of attempts; each
 * of those gets a fresh job, now. A job locked by a worker that died is not missing: the crash
 * recovery shared by every kind of job (src/jobs/crash-recovery.ts) unlocks it within a minute.
 *
 * Jobs are read from graphile-worker's public `jobs` view, by key, outside any transaction (its
 * documentation asks for both). Taking the advisory lock means no live run of the document is in
 * progress, and its status is read again under it.
 */
export async function sweepStuckDocuments(
  db: Executor,
  clock: Clock,
  opts: { limit?: number } = {},
): Promise<string[]> {
  const candidates = await db.execute<{ id: string }>(sql`
    select d.id from documents d where d.status in ('SIGNED', 'RECEIVED')
    order by d.created_at limit ${opts.limit ?? 1000}`);
  if (candidates.rows.length === 0) return [];
  const keys = candidates.rows.map((r) => documentJobKey(r.id));
  const live = await db.execute<{ key: string }>(sql`
    select key from graphile_worker.jobs
    where key in ${keys} and (locked_at is not null or attempts < max_attempts)`);
  const withJob = new Set(live.rows.map((r) => r.key));
  const missing = candidates.rows.map((r) => r.id).filter((id) => !withJob.has(documentJobKey(id)));
  if (missing.length === 0) return [];
  return withTransaction(db, async (tx) => {
    const result = await tx.execute<{ id: string; tenant_id: string }>(sql`
      select id, tenant_id from documents
      where id in ${missing} and status in ('SIGNED', 'RECEIVED')
        and pg_try_advisory_xact_lock(hashtextextended('sri:' || id::text, 0))
      order by created_at`);
    const now = clock.now();
    for (const row of result.rows) {
      await queueProcessing(tx, row.id);
      await recordDocumentEvent(
        tx,
        { id: row.id, tenantId: row.tenant_id },
        'REQUEUED',
        { by: 'sweep' },
        now,
      );
    }
    return result.rows.map((r) => r.id);
  });
}

export function createSweepJob(deps: Pick<SubmissionJobDeps, 'db' | 'clock' | 'log'>) {
  return defineJob(SWEEP_JOB, NO_PAYLOAD_V1, async () => {
    const requeued = await sweepStuckDocuments(deps.db, deps.clock);
    if (requeued.length > 0)
      deps.log.warn({ count: requeued.length }, 'sweep re-queued documents without a job');
  });
}
