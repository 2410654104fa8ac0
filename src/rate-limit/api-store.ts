import type pg from 'pg';
import type { Clock } from '../shared/clock.js';

/** A grant is at most this many requests... */
const MAX_GRANT = 64;
/** ...and at most this fraction of what is left in the window (1/16): small limits go one by one. */
const GRANT_DIVISOR = 16;

/**
 * One upsert grants this process a range of counts of a key's window: a fixed window per key that
 * starts at the key's first request (the semantics of the plugin's in-memory store), counted in
 * api_rate_limits by every API process together. A row whose window has passed starts over. The
 * grant is 1 while fewer than 32 requests are left (so a limit of 30 is counted request by
 * request, exactly across processes), else a sixteenth of what is left, at most 64: the counts a
 * process holds are never more than the window has left, so the limit is never exceeded; what a
 * process holds and does not use before the window ends is lost (at most a sixteenth of what was
 * left per process).
 */
const GRANT = `
  insert into api_rate_limits as r (key, window_start, hits, grant_size) values ($1, $2, $5, $5)
  on conflict (key) do update set
    window_start = case when r.window_start > $3 then r.window_start else excluded.window_start end,
    grant_size = case when r.window_start > $3
      then greatest(1, least(${MAX_GRANT}, ($4::int - r.hits) / ${GRANT_DIVISOR})) else excluded.grant_size end,
    hits = case when r.window_start > $3
      then r.hits + greatest(1, least(${MAX_GRANT}, ($4::int - r.hits) / ${GRANT_DIVISOR})) else excluded.hits end
  returning hits, grant_size, extract(epoch from window_start) * 1000 as start_ms`;

const PURGE_EVERY_MS = 10 * 60_000;
/** Keys whose grants are remembered per process (all forgotten past it: they are only fetched again). */
const MAX_KEYS = 100_000;

export interface ApiStoreDeps {
  pool: pg.Pool;
  clock: Clock;
  /** Called at most every ten minutes by some request: drops expired rows of every limit table. */
  purge(): Promise<void>;
  onError(error: unknown): void;
  /** pg's statement name for `name` (Database.statementName: '' through PgBouncer 1.18); default as is. */
  statementName?: (name: string) => string;
}

interface Grant {
  windowStart: number;
  timeWindow: number;
  /** The next count to hand out, and the last one granted. */
  next: number;
  last: number;
  /** The window is used up (a count past the limit was granted): refuse until it ends. */
  full: boolean;
  fetching: Promise<void> | null;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The API limit's counter over PostgreSQL, bound to this process's pool and clock: `incr` answers
 * the request's count in the key's window and the milliseconds until it ends, synchronously when
 * this process holds a granted count (no statement, no promise).
 */
export function postgresApiCounter(deps: ApiStoreDeps) {
  let lastPurge = deps.clock.now().getTime();
  const grants = new Map<string, Grant>();
  const grantName = deps.statementName?.('api-rate-limit-grant') ?? 'api-rate-limit-grant';

  function fetchGrant(key: string, now: number, timeWindow: number, max: number): Promise<void> {
    const first = Math.max(1, Math.min(MAX_GRANT, Math.floor(max / GRANT_DIVISOR)));
    const g: Grant = grants.get(key) ?? {
      windowStart: 0,
      timeWindow,
      next: 1,
      last: 0,
      full: false,
      fetching: null,
    };
    if (grants.size >= MAX_KEYS && !grants.has(key)) grants.clear();
    grants.set(key, g);
    g.fetching = deps.pool
      .query<{ hits: number; grant_size: number; start_ms: string }>({
        name: grantName,
        text: GRANT,
        values: [key, new Date(now), new Date(now - timeWindow), Math.min(max, 2 ** 31 - 1), first],
      })
      .then((res) => {
        const row = res.rows[0]!;
        g.windowStart = Number(row.start_ms);
        g.timeWindow = timeWindow;
        g.next = row.hits - row.grant_size + 1;
        g.last = row.hits;
        g.full = row.hits > max;
      })
      .finally(() => {
        g.fetching = null;
      });
    return g.fetching;
  }

  /** Hands out the next count, from this process's grant when it has one (no statement). */
  function take(key: string, timeWindow: number, max: number, callback: Callback, at?: number): void {
    const now = at ?? deps.clock.now().getTime();
    const g = grants.get(key);
    if (g && !g.fetching) {
      const ttl = g.windowStart + g.timeWindow - now;
      if (ttl > 0 && g.timeWindow === timeWindow) {
        if (g.next <= g.last) {
          callback(null, { current: g.next++, ttl });
          return;
        }
        if (g.full) {
          callback(null, { current: max + 1, ttl });
          return;
        }
      }
    }
    // Requests arriving while a grant is fetched wait for it, then take from it (or fetch the next).
    const pending = g?.fetching ?? fetchGrant(key, now, timeWindow, max);
    pending.then(
      () => take(key, timeWindow, max, callback),
      (e: Error) => callback(e),
    );
  }

  return {
    incr(key: string, timeWindow: number, max: number, callback: Callback): void {
      const now = deps.clock.now().getTime();
      if (now - lastPurge > PURGE_EVERY_MS) {
        lastPurge = now;
        for (const [k, g] of grants) if (!g.fetching && g.windowStart + g.timeWindow <= now) grants.delete(k);
        deps.purge().catch(deps.onError);
      }
      take(key, timeWindow, max, callback, now);
    },
  };
}

export type ApiCounter = ReturnType<typeof postgresApiCounter>;
