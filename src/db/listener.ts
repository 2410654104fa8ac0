import pg from 'pg';

export interface ListenerOptions {
  url: string;
  channel: string;
  onMessage(payload: string): void;
  /** The connection is down (a notification may have been missed) or back up: callers drop caches. */
  onState(connected: boolean): void;
  onError?(error: unknown): void;
  /** Delay before reconnecting after a loss. */
  retryMs?: number;
}

export interface Listener {
  stop(): Promise<void>;
}

/**
 * LISTEN on one channel over a dedicated connection of its own, never a pooled one: PgBouncer in
 * transaction mode hands a pooled connection to other clients between statements, so a LISTEN
 * there is lost (docs/scaling.md). The connection is re-opened after a loss; `onState(false)` tells
 * the caller that notifications may have been missed meanwhile. Resolves once listening, or once
 * the first attempt failed (retries go on).
 */
export async function startListener(opts: ListenerOptions): Promise<Listener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const retryMs = opts.retryMs ?? 1000;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.url, connectionTimeoutMillis: 10_000 });
    c.on('notification', (n) => {
      if (n.channel === opts.channel) opts.onMessage(n.payload ?? '');
    });
    const lost = (e?: unknown) => {
      if (client !== c) return;
      client = null;
      opts.onState(false);
      if (e) opts.onError?.(e);
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(reconnect, retryMs).unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(opts.channel)}`);
    client = c;
    opts.onState(true);
  }

  function reconnect(): void {
    retry = null;
    if (stopped) return;
    connect().catch((e) => {
      opts.onError?.(e);
      if (!stopped) retry = setTimeout(reconnect, retryMs).unref();
    });
  }

  // A server not reachable yet is not a start-up failure: the caller works without its
  // notifications (the key cache stays off) until a retry connects.
  await connect().catch((e) => {
    opts.onError?.(e);
    if (!stopped) retry = setTimeout(reconnect, retryMs).unref();
  });
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      opts.onState(false);
      await c?.end().catch(() => {});
    },
  };
}
