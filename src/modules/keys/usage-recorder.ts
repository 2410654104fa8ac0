import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { ecuadorIsoDate } from '../../shared/clock.js';

/**
 * Counts authenticated requests per key in memory and writes them in one statement every
 * `flushMs` (and on shutdown), so no request waits on a write. `lastUsedAt`, the lifetime
 * `requestCount` and the daily series (Ecuador calendar days) all come from these flushes.
 */
export class UsageRecorder {
  private pending = new Map<string, { count: number; lastUsedAt: Date; day: string }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly flushMs = 1000,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  start(): void {
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  record(keyId: string): void {
    const now = this.clock.now();
    const day = ecuadorIsoDate(now);
    const mapKey = `${keyId}|${day}`;
    const entry = this.pending.get(mapKey);
    if (entry) {
      entry.count += 1;
      entry.lastUsedAt = now;
    } else {
      this.pending.set(mapKey, { count: 1, lastUsedAt: now, day });
    }
  }

  /** Writes everything recorded so far. Safe to call concurrently. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch()).catch(this.onError);
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.entries()].map(([k, v]) => ({ keyId: k.split('|')[0]!, ...v }));
    this.pending = new Map();
    const rows = JSON.stringify(
      batch.map((b) => ({ k: b.keyId, d: b.day, c: b.count, t: b.lastUsedAt.toISOString() })),
    );
    await this.db.execute(sql`
      with batch as (
        select * from json_to_recordset(${rows}::json) as x(k uuid, d date, c bigint, t timestamptz)
      ), per_key as (
        select k, sum(c) as c, max(t) as t from batch group by k
      ), upd as (
        update api_keys a set request_count = a.request_count + p.c,
          last_used_at = greatest(coalesce(a.last_used_at, p.t), p.t)
        from per_key p where a.id = p.k
      )
      insert into api_key_usage_daily (key_id, day, request_count)
      select k, d, c from batch
      on conflict (key_id, day) do update set request_count = api_key_usage_daily.request_count + excluded.request_count`);
  }
}
