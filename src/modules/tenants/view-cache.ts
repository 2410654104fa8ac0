/**
 * Tenant id -> the answer of GET /v1/tenants/me, for `ttlMs` and never past the end of the quota
 * period it counts (docs/scaling.md, "Authenticated reads"). It lives beside the API key cache and
 * forgets on the same channel (LISTEN auth_invalidation): `view:<tenant>` is announced at the
 * commit of every change of what the view shows, including each production document counted
 * (migrations/0770), `tenant:<id>` by the key cache's triggers (0725), `view:*` by a tier's quota
 * change. This process's own writes drop the tenant's view before their response leaves
 * (src/http/auth-cache.ts). While the listening connection is down nothing is cached.
 *
 * A read that began before a drop of its tenant does not store what it read (per-tenant
 * generations), so a count read just before a document's commit cannot outlive the announcement.
 */
export class TenantViewCache<V> {
  private entries = new Map<string, { view: V; until: number; periodStart: number; periodEnd: number }>();
  private generations = new Map<string, number>();
  /** Bumped when everything is dropped (and when the generation map is trimmed). */
  private epoch = 0;
  private live = false;

  constructor(
    readonly ttlMs: number,
    /** The test clock's milliseconds: the period end is a calendar instant. */
    private readonly clockMs: () => number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.live && this.ttlMs > 0;
  }

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  get(tenantId: string): V | undefined {
    const e = this.entries.get(tenantId);
    if (!e) return undefined;
    const at = this.clockMs();
    if (e.until <= this.now() || at >= e.periodEnd || at < e.periodStart) {
      this.entries.delete(tenantId);
      return undefined;
    }
    return e.view;
  }

  /** Taken before the view's reads, handed back to `set`. */
  version(tenantId: string): number {
    return this.epoch * 2 ** 32 + (this.generations.get(tenantId) ?? 0);
  }

  /** `period`: the quota period the view counts; it is served only while the clock is inside it. */
  set(tenantId: string, view: V, version: number, period: { startsAt: Date; endsAt: Date }): void {
    if (!this.enabled || version !== this.version(tenantId)) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tenantId, {
      view,
      until: this.now() + this.ttlMs,
      periodStart: period.startsAt.getTime(),
      periodEnd: period.endsAt.getTime(),
    });
  }

  /** A payload of auth_invalidation: `view:<tenant>`, `tenant:<tenant>`, `view:*`; keys and syncs change nothing here. */
  invalidate(payload: string): void {
    const colon = payload.indexOf(':');
    const kind = payload.slice(0, colon);
    const id = payload.slice(colon + 1);
    if (kind === 'key' || kind === 'sync') return;
    if ((kind === 'view' || kind === 'tenant') && id !== '*' && id !== '') this.dropTenant(id);
    else this.clear();
  }

  dropTenant(tenantId: string): void {
    if (this.generations.size >= this.maxEntries) {
      this.generations.clear();
      this.epoch++;
    }
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    this.entries.delete(tenantId);
  }

  clear(): void {
    this.epoch++;
    this.generations.clear();
    this.entries.clear();
  }
}
