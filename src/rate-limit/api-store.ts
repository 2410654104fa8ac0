import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import type { Clock } from '../shared/clock.js';

/**
 * One prepared upsert per request: a fixed window per key that starts at the key's first request
 * (the semantics of the plugin's in-memory store), counted in api_rate_limits by every API process
 * together. A row whose window has passed starts over at 1.
 */
const INCR = `
  insert into api_rate_limits as r (key, window_start, hits) values ($1, $2, 1)
  on conflict (key) do update set
    window_start = case when r.window_start > $3 then r.window_start else excluded.window_start end,
    hits = case when r.window_start > $3 then r.hits + 1 else 1 end
  returning hits, extract(epoch from window_start) * 1000 as start_ms`;

const PURGE_EVERY_MS = 10 * 60_000;

export interface ApiStoreDeps {
  pool: pg.Pool;
  clock: Clock;
  /** Called at most every ten minutes by some request: drops expired rows of every limit table. */
  purge(): Promise<void>;
  onError(error: unknown): void;
}

/** A store class for @fastify/rate-limit over PostgreSQL, bound to this process's pool and clock. */
export function postgresRateLimitStore(
  deps: ApiStoreDeps,
  defaultWindowMs: number,
): FastifyRateLimitStoreCtor {
  let lastPurge = deps.clock.now().getTime();
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    // The plugin calls incr(key, callback, timeWindow, max); its typings list only the first two.
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number = defaultWindowMs,
    ): void {
      const now = deps.clock.now().getTime();
      if (now - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now;
        deps.purge().catch(deps.onError);
      }
      deps.pool
        .query<{ hits: number; start_ms: string }>({
          name: 'api-rate-limit-incr',
          text: INCR,
          values: [key, new Date(now), new Date(now - timeWindow)],
        })
        .then((res) => {
          const row = res.rows[0]!;
          callback(null, { current: row.hits, ttl: Number(row.start_ms) + timeWindow - now });
        }, callback);
    }

    child(): FastifyRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
