import type { AuthContext } from '../../shared/auth-context.js';

type Caller = Omit<AuthContext, 'issuerId'>;

/** What a key lookup found: the caller and when the key expires (checked at every hit). */
export interface CachedKey {
  caller: Caller;
  expiresAt: Date | null;
}

interface Entry extends CachedKey {
  until: number;
}

/**
 * API key hash -> caller, for `ttlMs`. Entries are dropped at once when the database announces a
 * change of their key or tenant (migrations/0725_auth_invalidation.sql, LISTEN auth_invalidation,
 * src/db/listener.ts); the TTL only bounds how long a missed announcement could last. While the
 * listening connection is down nothing is cached, so a revocation is never served from memory
 * longer than its announcement takes to arrive. Unknown tokens are not cached (they cost a lookup
 * and count as failed authentications).
 */
export class AuthCache {
  private entries = new Map<string, Entry>();
  private live = false;
  /** Bumped by every drop: a lookup that began before one must not store what it read. */
  private generation = 0;
  private syncWaiters = new Map<string, () => void>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether entries are kept: a TTL above 0 and the listener connected. */
  get enabled(): boolean {
    return this.live && this.ttlMs > 0;
  }

  /** The listener connected (true) or lost its connection (false: everything is dropped). */
  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  /** Taken before a lookup, handed back to `set`. */
  get version(): number {
    return this.generation;
  }

  get(hash: string): CachedKey | undefined {
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return e;
  }

  set(hash: string, value: CachedKey, version: number): void {
    if (!this.enabled || version !== this.generation) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { ...value, until: this.now() + this.ttlMs });
  }

  /**
   * A payload of the auth_invalidation channel: `key:<id>` or `tenant:<id>`; `sync:<token>` (a
   * process making sure the channel has been delivered) and `view:…` (the tenant view cache's)
   * change nothing; anything else drops all.
   */
  invalidate(payload: string): void {
    const [kind, id] = payload.split(':');
    if (kind === 'sync') this.syncWaiters.get(payload)?.();
    else if (kind === 'view')
      return; // the tenant view cache's (migrations/0770): no key changed
    else if (kind === 'key') this.dropWhere((c) => c.keyId === id);
    else if (kind === 'tenant') this.dropTenant(id!);
    else this.clear();
  }

  /** Resolves when `sync:<token>` is heard on the channel, or after `timeoutMs`. */
  heard(payload: string, timeoutMs: number): { promise: Promise<void>; cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    const promise = new Promise<void>((resolve) => {
      this.syncWaiters.set(payload, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    return {
      promise,
      cancel: () => {
        clearTimeout(timer);
        this.syncWaiters.delete(payload);
      },
    };
  }

  dropTenant(tenantId: string): void {
    this.dropWhere((c) => c.tenantId === tenantId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private dropWhere(match: (c: Caller) => boolean): void {
    this.generation++;
    for (const [hash, e] of this.entries) if (match(e.caller)) this.entries.delete(hash);
  }
}
