import { sql } from 'drizzle-orm';
import type { Executor } from '../db/pool.js';
import type { Clock } from '../shared/clock.js';

/** A tight limit: at most `max` allowed requests in any `windowMs` (a sliding window). */
export interface WindowRule {
  bucket: string;
  max: number;
  windowMs: number;
}

export type WindowResult = { allowed: true; count: number } | { allowed: false; retryAfterMs: number };

/**
 * Sliding-window log in rate_limit_windows, shared by every API process. The row of a
 * (bucket, key) keeps the times of its allowed requests; one upsert drops those older than the
 * window and appends now, unless `max` are left, in which case the `where` of the `do update`
 * leaves the row alone and returns nothing. The conflicting row is locked for the statement, so
 * concurrent requests from several processes count exactly. Refused requests are not recorded:
 * a client that waits gets in as soon as its oldest request leaves the window.
 */
export function createSlidingWindowLimiter(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async hit(rule: WindowRule, key: string): Promise<WindowResult> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const since = new Date(now.getTime() - rule.windowMs).toISOString();
      const result = await db.execute<{ count: number }>(sql`
        insert into rate_limit_windows as w (bucket, key, hits)
        values (${rule.bucket}, ${key}, array[${nowIso}::timestamptz])
        on conflict (bucket, key) do update
          set hits = array(select h from unnest(w.hits) h where h > ${since}::timestamptz order by h)
                     || ${nowIso}::timestamptz
          where (select count(*) from unnest(w.hits) h where h > ${since}::timestamptz) < ${rule.max}
        returning cardinality(hits) as count`);
      const row = result.rows[0];
      if (row) return { allowed: true, count: Number(row.count) };
      return { allowed: false, retryAfterMs: await retryAfter(db, rule, key, now) };
    },

    /** Drops rows whose newest request is older than `olderThanMs` (every window is shorter). */
    async purge(olderThanMs: number): Promise<void> {
      const cutoff = new Date(clock.now().getTime() - olderThanMs).toISOString();
      await db.execute(
        sql`delete from rate_limit_windows where hits[cardinality(hits)] < ${cutoff}::timestamptz`,
      );
    },
  };
}

/** Time until the oldest request in the window leaves it (at least one second). */
async function retryAfter(db: Executor, rule: WindowRule, key: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  const result = await db.execute<{ oldest: string | Date | null }>(sql`
    select (select min(h) from unnest(hits) h where h > ${since}::timestamptz) as oldest
    from rate_limit_windows where bucket = ${rule.bucket} and key = ${key}`);
  const oldest = result.rows[0]?.oldest;
  if (!oldest) return 1000;
  return Math.max(1000, new Date(oldest).getTime() + rule.windowMs - now.getTime());
}

export type SlidingWindowLimiter = ReturnType<typeof createSlidingWindowLimiter>;

/** "5 requests per hour", "20 per minute", "3 per 90 seconds": the configured window, for messages. */
export function describeWindow(max: number, windowMs: number, noun = 'requests'): string {
  const unit = (ms: number, one: string) =>
    windowMs === ms ? `per ${one}` : windowMs % ms === 0 ? `per ${windowMs / ms} ${one}s` : null;
  const per =
    unit(3_600_000, 'hour') ?? unit(60_000, 'minute') ?? `per ${Math.ceil(windowMs / 1000)} seconds`;
  return `${max} ${noun} ${per}`;
}
