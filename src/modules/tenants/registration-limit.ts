import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';

/**
 * Register, recover and resend-verification share one counter per IP: 5 requests per hour
 * (interface.md, Limits). Kept in PostgreSQL so that several API processes count together.
 */
export function createRegistrationLimiter(deps: {
  db: Executor;
  clock: Clock;
  max: number;
  windowMs: number;
}) {
  return {
    async hit(ip: string): Promise<void> {
      const now = deps.clock.now().getTime();
      const windowStart = new Date(now - (now % deps.windowMs));
      const result = await deps.db.execute<{ hits: number }>(sql`
        insert into rate_limit_hits (bucket, key, window_start, hits) values ('registration', ${ip}, ${windowStart.toISOString()}::timestamptz, 1)
        on conflict (bucket, key, window_start) do update set hits = rate_limit_hits.hits + 1
        returning hits`);
      const hits = Number(result.rows[0]?.hits ?? 0);
      if (hits > deps.max) {
        const retryAfter = Math.ceil((windowStart.getTime() + deps.windowMs - now) / 1000);
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Too many registration, recovery or verification requests from this address; retry in ${retryAfter} s`,
          {
            extra: { retryAfter },
          },
        );
      }
    },
  };
}

export type RegistrationLimiter = ReturnType<typeof createRegistrationLimiter>;
