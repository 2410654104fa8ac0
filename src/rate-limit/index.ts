import type pg from 'pg';
import type { Executor } from '../db/pool.js';
import type { Clock } from '../shared/clock.js';
import { postgresApiCounter } from './api-store.js';
import { createAuthFailureGuard } from './auth-failures.js';
import { createSlidingWindowLimiter } from './sliding-window.js';

export { registerApiRateLimit } from './api-hook.js';
export type { AuthFailureGuard } from './auth-failures.js';
export {
  createSlidingWindowLimiter,
  describeWindow,
  type SlidingWindowLimiter,
  type WindowRule,
} from './sliding-window.js';

/** Rows older than this are purged: longer than every window. */
const KEEP_MS = 24 * 3_600_000;

/**
 * Every rate limit of the API, kept in PostgreSQL so that all API processes count together
 * (docs/hardening.md, "Rate limits"): the per-key API limit (api-hook.ts over api-store.ts), the
 * sliding windows of registration and sign-in, and the failed-authentication guard.
 */
export function createRateLimits(deps: {
  db: Executor;
  pool: pg.Pool;
  clock: Clock;
  authFailureLimit: { max: number; windowMs: number };
  apiWindowMs: number;
  onError(error: unknown): void;
  /** pg's statement name for `name` (Database.statementName: '' through PgBouncer 1.18); default as is. */
  statementName?: (name: string) => string;
}) {
  const windows = createSlidingWindowLimiter({ db: deps.db, clock: deps.clock });
  const purge = async () => {
    const cutoff = new Date(deps.clock.now().getTime() - KEEP_MS);
    await deps.pool.query('delete from api_rate_limits where window_start < $1', [cutoff]);
    await windows.purge(KEEP_MS);
  };
  return {
    windows,
    authFailures: createAuthFailureGuard({
      limiter: windows,
      clock: deps.clock,
      rule: { bucket: 'auth-failure', ...deps.authFailureLimit },
    }),
    apiCounter: postgresApiCounter({
      pool: deps.pool,
      clock: deps.clock,
      purge,
      onError: deps.onError,
      statementName: deps.statementName,
    }),
    purge,
  };
}
