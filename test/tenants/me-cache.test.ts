import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChannelDrained } from '../../src/http/auth-cache.js';
import { TenantViewCache } from '../../src/modules/tenants/view-cache.js';
import { ecuadorMonthKey, ecuadorNextMonthStart } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/**
 * GET /v1/tenants/me is answered from a per-tenant cache (src/modules/tenants/view-cache.ts), and
 * its fields stay exact: a document counted, an agreement accepted, a tier's quota changed — through
 * this process, another process or SQL — is seen by the next read; a new quota period starts at its
 * instant. Two whole apps on one database, as two API processes.
 */
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  const database = await createTestDatabase();
  a = await createTestContext({ database });
  b = await createTestContext({ database: { url: database.url, drop: async () => {} } });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function productionTenant(): Promise<RegisteredTenant & { prod: string }> {
  const t = await verifiedTenant(a);
  await a.query(`update tenants set sandbox = false, promoted_at = now() where id = $1`, [t.tenantId]);
  const prod = await fixtureKey(a, t, ['documents:write', 'documents:read'], { environment: 'production' });
  // The other process has heard the announcements of these writes too.
  await authChannelDrained(b.deps.authCache, b.deps.database.pool);
  return { ...t, prod };
}

async function me(ctx: TestContext, key: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(key) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tenant as Record<string, unknown>;
}

async function create(ctx: TestContext, t: RegisteredTenant, key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: docHeaders(t, key),
    payload: invoiceBody(),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the tenant view cache', () => {
  it('answers from memory: a change nobody announces is not seen until the entry is dropped', async () => {
    const t = await productionTenant();
    expect((await me(b, t.prod)).documentCount).toBe(0);
    expect(b.deps.tenantViews.get(t.tenantId)).toBeDefined();
    await b.query('alter table document_quota_usage disable trigger document_quota_usage_view_invalidation');
    try {
      await b.query(`insert into document_quota_usage (tenant_id, period_key, used) values ($1, $2, 7)`, [
        t.tenantId,
        ecuadorMonthKey(b.clock.now()),
      ]);
      expect((await me(b, t.prod)).documentCount).toBe(0);
    } finally {
      await b.query('alter table document_quota_usage enable trigger document_quota_usage_view_invalidation');
    }
    b.deps.tenantViews.clear();
    expect((await me(b, t.prod)).documentCount).toBe(7);
  });

  it('a document created through this process is counted by its next read, without waiting', async () => {
    const t = await productionTenant();
    expect((await me(a, t.prod)).documentCount).toBe(0);
    expect(a.deps.tenantViews.get(t.tenantId)).toBeDefined();
    await create(a, t, t.prod);
    expect((await me(a, t.prod)).documentCount).toBe(1);
    await create(a, t, t.prod);
    expect((await me(a, t.prod)).documentCount).toBe(2);
  });

  it('a document created through another process reaches this one as soon as the commit is announced', async () => {
    const t = await productionTenant();
    expect((await me(b, t.prod)).documentCount).toBe(0);
    expect(b.deps.tenantViews.get(t.tenantId)).toBeDefined();
    await create(a, t, t.prod);
    await waitFor('the entry dropped', () => b.deps.tenantViews.get(t.tenantId) === undefined);
    expect((await me(b, t.prod)).documentCount).toBe(1);
  });

  it('an agreement accepted, seats, and a tier quota changed in SQL reach the other process', async () => {
    const t = await productionTenant();
    const before = await me(b, t.prod);
    expect(before).toMatchObject({ documentQuota: 30, extraSeats: 0 });
    await a.query('update tenants set extra_seats = 3, pending_extra_seats = 1 where id = $1', [t.tenantId]);
    await waitFor('the entry dropped', () => b.deps.tenantViews.get(t.tenantId) === undefined);
    expect(await me(b, t.prod)).toMatchObject({ extraSeats: 3, pendingExtraSeats: 1 });

    await a.query(`update tiers set document_quota = 31 where code = 'FREE'`);
    try {
      await waitFor('the entry dropped', () => b.deps.tenantViews.get(t.tenantId) === undefined);
      expect((await me(b, t.prod)).documentQuota).toBe(31);
    } finally {
      await a.query(`update tiers set document_quota = 30 where code = 'FREE'`);
    }
    await waitFor('the entry dropped', () => b.deps.tenantViews.get(t.tenantId) === undefined);

    const accepted = await a.app.inject({ method: 'GET', url: '/v1/agreements' });
    const termsVersion = (accepted.json().agreements as { documentType: string; version: string }[]).find(
      (x) => x.documentType === 'TERMS',
    )?.version;
    expect(termsVersion).toBeTruthy();
    expect((await me(b, t.prod)).agreementVersion).toBeNull();
    // The web app's action (an internal key, as a session is).
    const webApp = await fixtureKey(a, t, ['tenant:manage'], { environment: 'production', internal: true });
    const post = await a.app.inject({
      method: 'POST',
      url: '/v1/tenants/agreements',
      headers: bearer(webApp),
      payload: { termsVersion },
    });
    expect(post.statusCode, post.body).toBe(200);
    await waitFor('the entry dropped', () => b.deps.tenantViews.get(t.tenantId) === undefined);
    expect((await me(b, t.prod)).agreementVersion).toBe(termsVersion);
  });

  it('a new quota period starts at its instant: the count of the old one is not served past it', async () => {
    const t = await productionTenant();
    await create(a, t, t.prod);
    // The create's own announcement (view:<tenant>) arrives after its response: let it land first.
    await authChannelDrained(a.deps.authCache, a.deps.database.pool);
    expect((await me(a, t.prod)).documentCount).toBe(1);
    expect(a.deps.tenantViews.get(t.tenantId)).toBeDefined();
    const saved = a.clock.now();
    a.clock.set(ecuadorNextMonthStart(saved));
    try {
      expect(a.deps.tenantViews.get(t.tenantId)).toBeUndefined();
      expect((await me(a, t.prod)).documentCount).toBe(0);
    } finally {
      a.clock.set(saved);
    }
  });

  it('does not store a read that began before a drop of its tenant', () => {
    let clock = 0;
    const cache = new TenantViewCache<string>(
      10_000,
      () => 0,
      10,
      () => clock,
    );
    cache.setLive(true);
    const end = { startsAt: new Date(0), endsAt: new Date(1_000) };
    const v = cache.version('t1');
    cache.invalidate('view:t1');
    cache.set('t1', 'stale', v, end);
    expect(cache.get('t1')).toBeUndefined();
    // Another tenant's drop does not stop it; a key's announcement changes nothing here.
    const w = cache.version('t1');
    cache.invalidate('view:t2');
    cache.invalidate('key:k1');
    cache.set('t1', 'fresh', w, end);
    expect(cache.get('t1')).toBe('fresh');
    cache.invalidate('tenant:t1');
    expect(cache.get('t1')).toBeUndefined();
    cache.set('t1', 'again', cache.version('t1'), end);
    cache.invalidate('view:*');
    expect(cache.get('t1')).toBeUndefined();
    // The TTL, and nothing cached while the listener is down.
    cache.set('t1', 'ttl', cache.version('t1'), end);
    clock = 10_001;
    expect(cache.get('t1')).toBeUndefined();
    cache.setLive(false);
    cache.set('t1', 'down', cache.version('t1'), end);
    expect(cache.get('t1')).toBeUndefined();
  });
});
