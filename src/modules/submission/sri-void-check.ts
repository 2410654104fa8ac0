import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { querySriStatus, type SriClient } from '../../adapters/sri/index.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { WriteTarget } from '../../db/unit-of-work.js';
import { defineJob, enqueue, JobId } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { type DocumentRow, documents, SRI_VOID_REASON, voidDocument } from '../documents/index.js';
import type { SubmissionHooks } from './hooks.js';

/**
 * SRI status follow-up (docs/lifecycle.md): an AUTHORIZED document can be voided in SRI en línea
 * until the 7th of the month after its issue (REFERENCE-PURCHASES §5). Each one is asked of
 * ConsultaComprobante a few times until then (a day after authorization, weekly, on the last day
 * and the morning after); found ANULADO, it becomes VOIDED with "Anulado en el SRI".
 */

const SRI_VOID_CHECK_JOB = 'submission.sri-void-check';
const PAYLOAD = { version: 1, payload: Type.Object({ documentId: JobId }) };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Ecuador is UTC-5 all year: its midnight is 05:00 UTC. */
const ECUADOR_MIDNIGHT_UTC_HOURS = 5;
/** A void request on a credit/debit note or a retention waits up to 5 business days for the receiver. */
const PENDING_GRACE_MS = 8 * DAY;

/** When the void window closes: the start of the day after the 7th of the next month (a weekend 7th moves to Monday). */
export function voidWindowCloses(issueDate: string): Date {
  const [y, m] = issueDate.split('-').map(Number) as [number, number];
  const seventh = new Date(Date.UTC(y, m, 7));
  const weekday = seventh.getUTCDay();
  const lastDay = seventh.getTime() + (weekday === 6 ? 2 : weekday === 0 ? 1 : 0) * DAY;
  return new Date(lastDay + DAY + ECUADOR_MIDNIGHT_UTC_HOURS * HOUR);
}

/** The next check after one at `now`, or null when the follow-up is over. */
export function nextVoidCheck(now: Date, closes: Date, pending: boolean): Date | null {
  const lastDayEvening = closes.getTime() - 6 * HOUR;
  const morningAfter = closes.getTime() + 9 * HOUR;
  const t = now.getTime();
  if (t < lastDayEvening - HOUR) return new Date(Math.min(t + 7 * DAY, lastDayEvening));
  if (t < morningAfter - HOUR) return new Date(morningAfter);
  if (pending && t + DAY <= closes.getTime() + PENDING_GRACE_MS) return new Date(t + DAY);
  return null;
}

async function schedule(tx: WriteTarget, documentId: string, at: Date, now: Date): Promise<void> {
  await enqueue(
    tx,
    SRI_VOID_CHECK_JOB,
    PAYLOAD,
    { documentId },
    { delayMs: Math.max(0, at.getTime() - now.getTime()), jobKey: `${SRI_VOID_CHECK_JOB}:${documentId}` },
  );
}

/** Called in the transaction that records the authorization: the first check, a day later. */
export async function scheduleFirstVoidCheck(tx: WriteTarget, doc: DocumentRow, now: Date): Promise<void> {
  const closes = voidWindowCloses(doc.issueDate);
  if (now.getTime() >= closes.getTime()) return;
  const lastDayEvening = new Date(closes.getTime() - 6 * HOUR);
  const first = new Date(Math.min(now.getTime() + DAY, Math.max(now.getTime(), lastDayEvening.getTime())));
  await schedule(tx, doc.id, first, now);
}

export function createVoidCheckJob(deps: {
  db: Executor;
  clock: Clock;
  log: Logger;
  sri: SriClient;
  hooks: SubmissionHooks;
}) {
  return defineJob(SRI_VOID_CHECK_JOB, PAYLOAD, async ({ documentId }) => {
    const [doc] = await deps.db.select().from(documents).where(eq(documents.id, documentId));
    if (!doc || doc.status !== 'AUTHORIZED') return;
    const status = await querySriStatus(deps.sri, doc.accessKey);
    await withTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      if (status.kind === 'state' && status.state === 'ANULADO') {
        const [locked] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
        const voided = locked && (await voidDocument(tx, locked, SRI_VOID_REASON, { source: 'SRI' }, now));
        if (voided) for (const hook of deps.hooks.onVoidedAtSri) await hook(tx, voided, now);
        return;
      }
      const closes = voidWindowCloses(doc.issueDate);
      // No answer (throttled, down): ask again in an hour while the follow-up lasts.
      if (status.kind === 'throttled' || status.kind === 'unavailable') {
        deps.log.warn(
          { accessKey: doc.accessKey, outcome: status.kind },
          'SRI status check without an answer',
        );
        const retry = new Date(now.getTime() + HOUR);
        if (retry.getTime() <= closes.getTime() + PENDING_GRACE_MS)
          await schedule(tx, documentId, retry, now);
        return;
      }
      const pending = status.kind === 'state' && status.state === 'PENDIENTE DE ANULAR';
      const next = nextVoidCheck(now, closes, pending);
      if (next !== null) await schedule(tx, documentId, next, now);
    });
  });
}
