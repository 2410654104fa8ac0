import { sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';

/** One logged request, as the hook hands it over (no body, header or secret ever gets here). */
export interface RequestLogEntry {
  keyId: string;
  tenantId: string;
  environment: 'sandbox' | 'production';
  method: string;
  path: string;
  status: number;
  code: string | null;
  requestId: string;
  durationMs: number;
  at: Date;
}

export interface RequestLogRecorderOptions {
  /** Flush at least this often (ms). */
  flushMs?: number;
  /** Flush as soon as this many rows wait; also the most rows one INSERT carries. */
  batchSize?: number;
  /** Most rows held in memory while PostgreSQL does not answer; past it the oldest are dropped. */
  maxBuffered?: number;
  /**
   * A write PostgreSQL has not finished in this long (a lock on the table, a stalled server) is
   * cancelled (`statement_timeout`) and counts as failed: its rows go back to the buffer. Without
   * it one stuck INSERT would stop every later flush and hold a pool connection of the API.
   */
  writeTimeoutMs?: number;
  onError?: (e: unknown) => void;
  /** Told how many rows were dropped since the last report (once per failed flush, not per row). */
  onDropped?: (dropped: number, totalDropped: number) => void;
}

/**
 * Buffers request log rows in memory and writes them in multi-row INSERTs every `flushMs`, as
 * soon as `batchSize` rows wait, and on stop, so no request waits on a write. When a write fails
 * the rows go back to the front of the buffer for the next try; the buffer is bounded
 * (`maxBuffered`) and drops its oldest rows past it, counting them (`dropped`).
 */
export class RequestLogRecorder {
  private buffer: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private inFlight = false;
  private droppedSinceReport = 0;
  /** Rows dropped since start because the buffer was full. */
  dropped = 0;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly writeTimeoutMs: number;

  constructor(
    private readonly db: Executor,
    private readonly opts: RequestLogRecorderOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 1000;
    this.batchSize = opts.batchSize ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 20_000;
    this.writeTimeoutMs = opts.writeTimeoutMs ?? 5_000;
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  record(entry: RequestLogEntry): void {
    this.buffer.push(entry);
    this.trim();
    if (this.buffer.length >= this.batchSize && !this.inFlight) void this.flush();
  }

  /** Writes everything buffered so far (failures are reported, the rows kept). Safe to call concurrently. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeAll());
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private trim(): void {
    const excess = this.buffer.length - this.maxBuffered;
    if (excess <= 0) return;
    this.buffer.splice(0, excess);
    this.dropped += excess;
    this.droppedSinceReport += excess;
  }

  private async writeAll(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, this.batchSize);
        try {
          await this.insert(batch);
        } catch (e) {
          // Back to the front: written on the next flush, unless newer rows push them out first.
          this.buffer.unshift(...batch);
          this.trim();
          this.opts.onError?.(e);
          break;
        }
      }
    } finally {
      this.inFlight = false;
      if (this.droppedSinceReport > 0) {
        this.opts.onDropped?.(this.droppedSinceReport, this.dropped);
        this.droppedSinceReport = 0;
      }
    }
  }

  /** One statement per batch: the rows travel as one JSON parameter (no 65535-parameter limit). */
  private async insert(batch: RequestLogEntry[]): Promise<void> {
    const rows = JSON.stringify(
      batch.map((r) => ({
        k: r.keyId,
        t: r.tenantId,
        e: r.environment,
        m: r.method,
        p: r.path,
        s: r.status,
        c: r.code,
        r: r.requestId,
        d: r.durationMs,
        a: r.at.toISOString(),
      })),
    );
    await withTransaction(this.db, async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(this.writeTimeoutMs)}, true)`);
      await tx.execute(sql`
      insert into api_request_log
        (key_id, tenant_id, environment, method, path, status, code, request_id, duration_ms, created_at)
      select k, t, e, m, p, s, c, r, d, a
      from json_to_recordset(${rows}::json)
        as x(k uuid, t uuid, e text, m text, p text, s smallint, c text, r text, d integer, a timestamptz)`);
    });
  }
}
