import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { AppError } from '../../shared/errors.js';

/**
 * Fixed-window counter in rate_limit_hits (shared by every API process), for sign-in requests:
 * one bucket per client address and one per email, so neither a single address nor a flood
 * aimed at one mailbox gets far.
 */
export async function hitLimit(
  db: Executor,
  input: { bucket: string; key: string; max: number; windowMs: number; now: Date },
): Promise<void> {
  const now = input.now.getTime();
  const windowStart = new Date(now - (now % input.windowMs));
  const result = await db.execute<{ hits: number }>(sql`
    insert into rate_limit_hits (bucket, key, window_start, hits)
    values (${input.bucket}, ${input.key}, ${windowStart.toISOString()}::timestamptz, 1)
    on conflict (bucket, key, window_start) do update set hits = rate_limit_hits.hits + 1
    returning hits`);
  if (Number(result.rows[0]?.hits ?? 0) > input.max) {
    const retryAfter = Math.ceil((windowStart.getTime() + input.windowMs - now) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', `Too many sign-in requests; retry in ${retryAfter} s`, {
      extra: { retryAfter },
    });
  }
}
