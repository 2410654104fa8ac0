import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/shared/auth-context.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import {
  bearer,
  fixtureKey,
  type RegisteredTenant,
  registerTenant,
  verifiedTenant,
} from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function setTier(t: RegisteredTenant, tier: string) {
  await ctx.query('update tenants set subscription_tier = $1 where id = $2', [tier, t.tenantId]);
}

const post = (key: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(key), payload });

describe('POST /v1/keys', () => {
  it('mints a key copying the caller scopes, shown once, stored hashed', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(t, 'STARTER');
    const res = await post(t.apiKey, { label: 'ERP' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, scopes: [...SCOPES], environment: 'sandbox', label: 'ERP' });
    expect(body.apiKey).toMatch(/^eik_test_/);
    const stored = await ctx.query<{ token_hash: string; token_prefix: string }>(
      'select token_hash, token_prefix from api_keys where id = $1',
      [body.id],
    );
    expect(stored[0]!.token_hash).not.toBe(body.apiKey);
    expect(body.apiKey.startsWith(stored[0]!.token_prefix)).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(body.apiKey) });
    expect(me.statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(t.apiKey) });
    expect(JSON.stringify(list.json())).not.toContain(body.apiKey);
  });

  it('grants a narrower explicit scope list, and never a scope the caller lacks', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(t, 'BUSINESS');
    const narrow = await post(t.apiKey, { scopes: ['keys:manage', 'documents:read'] });
    expect(narrow.statusCode).toBe(201);
    expect(narrow.json().scopes).toEqual(['keys:manage', 'documents:read']);
    const child = await post(narrow.json().apiKey, {});
    expect(child.json().scopes).toEqual(['keys:manage', 'documents:read']);
    const escalate = await post(narrow.json().apiKey, { scopes: ['documents:write'] });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().code).toBe('SCOPE_ESCALATION_FORBIDDEN');
  });

  it('applies the checks in the order of decisions.md: email, environment, scopes, plan maximum', async () => {
    const unverified = await registerTenant(ctx);
    const r1 = await post(unverified.apiKey, { environment: 'production', scopes: ['documents:read'] });
    expect([r1.statusCode, r1.json().code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);

    const t = await verifiedTenant(ctx);
    const narrow = await fixtureKey(ctx, t, ['keys:manage']);
    const r2 = await post(narrow, { environment: 'production', scopes: ['documents:write'] });
    expect([r2.statusCode, r2.json().code]).toEqual([403, 'PRODUCTION_KEY_REQUIRES_PROMOTION']);
    const r3 = await post(narrow, { scopes: ['documents:write'] });
    expect([r3.statusCode, r3.json().code]).toEqual([403, 'SCOPE_ESCALATION_FORBIDDEN']);
    // FREE allows 0 keys beyond the first; the fixture key already counts as one.
    const r4 = await post(narrow, {});
    expect([r4.statusCode, r4.json().code]).toEqual([402, 'API_KEY_LIMIT_REACHED']);
    expect(r4.json().title).toBe('Payment Required');
  });

  it('counts keys beyond the first against the plan maximum, ignoring internal and revoked keys', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(t, 'STARTER'); // 2 beyond the first
    await fixtureKey(ctx, t, ['documents:read'], { internal: true });
    const a = await post(t.apiKey, {});
    const b = await post(t.apiKey, {});
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const c = await post(t.apiKey, {});
    expect(c.statusCode).toBe(402);
    let list = (await ctx.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(t.apiKey) })).json();
    expect(list.limit).toEqual({ max: 2, used: 2 });
    expect(list.keys).toHaveLength(3);
    await ctx.app.inject({ method: 'DELETE', url: `/v1/keys/${a.json().id}`, headers: bearer(t.apiKey) });
    list = (await ctx.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(t.apiKey) })).json();
    expect(list.limit).toEqual({ max: 2, used: 1 });
    expect((await post(t.apiKey, {})).statusCode).toBe(201);
  });

  it('refuses concurrent mints beyond the maximum', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(t, 'STARTER');
    const results = await Promise.all(Array.from({ length: 6 }, () => post(t.apiKey, {})));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(4);
  });

  it.each([
    ['label over 100 characters', { label: 'x'.repeat(101) }, 'label'],
    ['unknown environment', { environment: 'staging' }, 'environment'],
    ['empty scopes', { scopes: [] }, 'scopes'],
    ['unknown scope', { scopes: ['documents:void'] }, 'scopes[0]'],
    ['scopes not an array', { scopes: 'documents:read' }, 'scopes'],
    ['label of the wrong type', { label: 42 }, 'label'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_n, payload, path) => {
    const t = await verifiedTenant(ctx);
    const res = await post(t.apiKey, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('needs keys:manage', async () => {
    const t = await verifiedTenant(ctx);
    const key = await fixtureKey(ctx, t, ['documents:read']);
    for (const req of [
      { method: 'GET' as const, url: '/v1/keys' },
      { method: 'POST' as const, url: '/v1/keys', payload: {} },
      { method: 'DELETE' as const, url: `/v1/keys/${t.tenantId}` },
      { method: 'GET' as const, url: `/v1/keys/${t.tenantId}/usage` },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: bearer(key) });
      expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
  });
});

describe('GET /v1/keys', () => {
  it('lists active non-internal keys with every field of the resource', async () => {
    const t = await verifiedTenant(ctx);
    await fixtureKey(ctx, t, ['documents:read'], { internal: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(t.apiKey) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.keys).toHaveLength(1);
    expect(Object.keys(body.keys[0]).sort()).toEqual(
      [
        'active',
        'createdAt',
        'environment',
        'id',
        'label',
        'lastUsedAt',
        'requestCount',
        'revokedAt',
        'scopes',
      ].sort(),
    );
    expect(body.keys[0]).toMatchObject({
      active: true,
      environment: 'sandbox',
      label: null,
      revokedAt: null,
    });
    expect(body.limit).toEqual({ max: 0, used: 0 });
  });
});

describe('DELETE /v1/keys/:id', () => {
  it('revokes another key, which then cannot authenticate; not itself; 404 for unknown, revoked or foreign ids', async () => {
    const t = await verifiedTenant(ctx);
    const other = await verifiedTenant(ctx);
    await setTier(t, 'STARTER');
    const minted = (await post(t.apiKey, {})).json();
    const self = await ctx.query<{ id: string }>(
      'select id from api_keys where tenant_id = $1 and is_primary',
      [t.tenantId],
    );
    const selfRes = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/keys/${self[0]!.id}`,
      headers: bearer(t.apiKey),
    });
    expect([selfRes.statusCode, selfRes.json().code]).toEqual([400, 'BAD_REQUEST']);

    const ok = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/keys/${minted.id}`,
      headers: bearer(t.apiKey),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const denied = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: bearer(minted.apiKey),
    });
    expect([denied.statusCode, denied.json().code]).toEqual([401, 'UNAUTHORIZED']);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/keys/${minted.id}`,
      headers: bearer(t.apiKey),
    });
    expect([again.statusCode, again.json().code]).toEqual([404, 'NOT_FOUND']);
    const otherKey = await ctx.query<{ id: string }>('select id from api_keys where tenant_id = $1', [
      other.tenantId,
    ]);
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/keys/${otherKey[0]!.id}`,
      headers: bearer(t.apiKey),
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const badId = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/keys/not-a-uuid',
      headers: bearer(t.apiKey),
    });
    expect([badId.statusCode, badId.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('GET /v1/keys/:id/usage and usage tracking', () => {
  it('counts requests, sets lastUsedAt, and answers exactly `days` entries oldest first with idle days at 0', async () => {
    const t = await verifiedTenant(ctx);
    const keyId = (
      await ctx.query<{ id: string }>('select id from api_keys where tenant_id = $1', [t.tenantId])
    )[0]!.id;
    for (let i = 0; i < 3; i++)
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    await ctx.deps.usage.flush();
    let usage = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/keys/${keyId}/usage?days=3`,
        headers: bearer(t.apiKey),
      })
    ).json();
    expect(usage.usage).toHaveLength(3);
    expect(usage.usage[2].requestCount).toBe(3);
    expect(usage.usage[0].requestCount).toBe(0);
    expect(usage.usage[0].date < usage.usage[2].date).toBe(true);

    // The next day: yesterday keeps its count (plus the usage call itself), today starts again.
    await ctx.deps.usage.flush();
    await ctx.advance(24 * 3600_000);
    await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    await ctx.deps.usage.flush();
    usage = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/keys/${keyId}/usage?days=2`,
        headers: bearer(t.apiKey),
      })
    ).json();
    expect(usage.usage.map((u: { requestCount: number }) => u.requestCount)).toEqual([4, 1]);
    const def = (
      await ctx.app.inject({ method: 'GET', url: `/v1/keys/${keyId}/usage`, headers: bearer(t.apiKey) })
    ).json();
    expect(def.usage).toHaveLength(30);

    await ctx.deps.usage.flush();
    const list = (await ctx.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(t.apiKey) })).json();
    expect(list.keys[0].requestCount).toBeGreaterThanOrEqual(6);
    expect(list.keys[0].lastUsedAt).not.toBeNull();
  });

  it('accepts a revoked key id, refuses days outside 1..365 and foreign ids', async () => {
    const t = await verifiedTenant(ctx);
    const other = await verifiedTenant(ctx);
    await setTier(t, 'STARTER');
    const minted = (await post(t.apiKey, {})).json();
    await ctx.app.inject({ method: 'DELETE', url: `/v1/keys/${minted.id}`, headers: bearer(t.apiKey) });
    const revoked = await ctx.app.inject({
      method: 'GET',
      url: `/v1/keys/${minted.id}/usage?days=1`,
      headers: bearer(t.apiKey),
    });
    expect(revoked.statusCode).toBe(200);
    for (const days of ['0', '366', 'abc', '1.5']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/keys/${minted.id}/usage?days=${days}`,
        headers: bearer(t.apiKey),
      });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const otherKey = (
      await ctx.query<{ id: string }>('select id from api_keys where tenant_id = $1', [other.tenantId])
    )[0]!.id;
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/keys/${otherKey}/usage`,
      headers: bearer(t.apiKey),
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});
