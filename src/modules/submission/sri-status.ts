import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { sriResponses } from './submission.tables.js';

/**
 * GET /v1/sri/status: is the tax authority answering, per environment, judged from our own recent
 * calls (every reception and authorization attempt is an sri-response). A DEVUELTA or NO AUTORIZADO
 * is an answer; only HTTP_<code>, HTTP_TIMEOUT, HTTP_CONNECTION_ERROR and HTTP_BAD_RESPONSE are not.
 */
const STATUS_WINDOW_MS = 15 * 60_000;
const STATUS_SAMPLE = 20;
/** This many failures in a row, newest first, and the service is DOWN. */
const DOWN_STREAK = 3;
/** At least this share of failed calls in the window is DEGRADED. */
const DEGRADED_RATIO = 0.2;

export type Health = 'UP' | 'DEGRADED' | 'DOWN' | 'UNKNOWN';

/** `answered`: newest first, true when the call got an answer from the service. */
export function classifyHealth(answered: boolean[]): Health {
  if (answered.length === 0) return 'UNKNOWN';
  const head = answered.slice(0, DOWN_STREAK);
  if (head.every((a) => !a)) return 'DOWN';
  const failures = answered.filter((a) => !a).length;
  if (!answered[0] || failures / answered.length >= DEGRADED_RATIO) return 'DEGRADED';
  return 'UP';
}

const isFailure = sql`${sriResponses.status} like 'HTTP\\_%'`;
const isAnswer = sql`${sriResponses.status} not like 'HTTP\\_%'`;

async function latest(db: Executor, environment: 'sandbox' | 'production', filter: typeof isFailure) {
  const [row] = await db
    .select({ at: sriResponses.createdAt })
    .from(sriResponses)
    .where(and(eq(sriResponses.environment, environment), filter))
    .orderBy(desc(sriResponses.createdAt))
    .limit(1);
  return row?.at.toISOString() ?? null;
}

async function environmentStatus(db: Executor, environment: 'sandbox' | 'production', since: Date) {
  const [recent, lastSuccessAt, lastFailureAt] = await Promise.all([
    db
      .select({ status: sriResponses.status })
      .from(sriResponses)
      .where(and(eq(sriResponses.environment, environment), gt(sriResponses.createdAt, since)))
      .orderBy(desc(sriResponses.createdAt), desc(sriResponses.id))
      .limit(STATUS_SAMPLE),
    latest(db, environment, isAnswer),
    latest(db, environment, isFailure),
  ]);
  const answered = recent.map((r) => !r.status.startsWith('HTTP_'));
  return {
    status: classifyHealth(answered),
    lastSuccessAt,
    lastFailureAt,
    recent: {
      calls: answered.length,
      answered: answered.filter(Boolean).length,
      failed: answered.filter((a) => !a).length,
    },
  };
}

export async function sriStatus(db: Executor, clock: Clock) {
  const now = clock.now();
  const since = new Date(now.getTime() - STATUS_WINDOW_MS);
  const [sandbox, production] = await Promise.all([
    environmentStatus(db, 'sandbox', since),
    environmentStatus(db, 'production', since),
  ]);
  return {
    checkedAt: now.toISOString(),
    window: { minutes: STATUS_WINDOW_MS / 60_000, maxCalls: STATUS_SAMPLE },
    environments: { sandbox, production },
  };
}
