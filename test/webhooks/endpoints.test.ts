import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/shared/ids.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { setTenantStatus, setTier } from '../helpers/notifications.js';
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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (key: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
const create = (key: string, payload: object = { url: 'https://hooks.example.com/einvoice' }) =>
  call(key, 'POST', '/v1/webhooks', payload);
const list = async (key: string) => (await call(key, 'GET', '/v1/webhooks')).json();

describe('POST /v1/webhooks', () => {
  it('registers an endpoint and shows its secret once, sealed at rest', async () => {
    const t = await verifiedTenant(ctx);
    const res = await create(t.apiKey, {
      url: 'https://hooks.example.com/einvoice?src=1',
      eventTypes: ['QUOTA_WARNING', 'DOCUMENT_AUTHORIZED', 'QUOTA_WARNING'],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['endpoint', 'ok', 'secret']);
    expect(body.ok).toBe(true);
    expect(body.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(body.endpoint).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'https://hooks.example.com/einvoice?src=1',
      eventTypes: ['DOCUMENT_AUTHORIZED', 'QUOTA_WARNING'],
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [stored] = await ctx.query<{ secret_sealed: Buffer }>(
      'select secret_sealed from webhook_endpoints where id = $1',
      [body.endpoint.id],
    );
    expect(stored!.secret_sealed.includes(Buffer.from(body.secret))).toBe(false);
    expect(ctx.deps.secrets.openString(stored!.secret_sealed, `webhook-secret:${body.endpoint.id}`)).toBe(
      body.secret,
    );
    const again = await call(t.apiKey, 'GET', `/v1/webhooks/${body.endpoint.id}`);
    expect(JSON.stringify(again.json())).not.toContain(body.secret);
    expect(JSON.stringify(await list(t.apiKey))).not.toContain(body.secret);
  });

  it('treats omitted or empty eventTypes as every type', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(ctx, t.tenantId, 'STARTER');
    expect((await create(t.apiKey)).json().endpoint.eventTypes).toEqual([]);
    const empty = await create(t.apiKey, { url: 'https://a.example.com/', eventTypes: [] });
    expect(empty.json().endpoint.eventTypes).toEqual([]);
  });

  it.each([
    ['an http URL', { url: 'http://hooks.example.com/x' }, 'url'],
    ['a relative URL', { url: '/hooks' }, 'url'],
    ['not a URL', { url: 'hooks example' }, 'url'],
    ['credentials in the URL', { url: 'https://user:pw@hooks.example.com/' }, 'url'],
    ['a missing url', { eventTypes: ['QUOTA_WARNING'] }, 'url'],
    [
      'an unknown event type',
      { url: 'https://h.example.com/', eventTypes: ['PAYMENT_VERIFIED'] },
      'eventTypes[0]',
    ],
    ['eventTypes not an array', { url: 'https://h.example.com/', eventTypes: 'QUOTA_WARNING' }, 'eventTypes'],
    ['a URL over 2048 characters', { url: `https://h.example.com/${'a'.repeat(2048)}` }, 'url'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_n, payload, path) => {
    const t = await verifiedTenant(ctx);
    const res = await create(t.apiKey, payload);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('needs a verified email (403 EMAIL_VERIFICATION_REQUIRED)', async () => {
    const t = await registerTenant(ctx);
    const res = await create(t.apiKey);
    expect([res.statusCode, res.json().code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
  });

  it('enforces the plan maximum of active endpoints (402), internal endpoints aside', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(
      `insert into webhook_endpoints (id, tenant_id, url, secret_sealed, internal, created_at, updated_at)
       values ($1, $2, 'https://app.internal/hook', '\\x01', true, now(), now())`,
      [uuidv7(), t.tenantId],
    );
    expect((await create(t.apiKey)).statusCode).toBe(201); // FREE: 1
    const over = await create(t.apiKey);
    expect([over.statusCode, over.json().code]).toEqual([402, 'WEBHOOK_ENDPOINT_LIMIT_REACHED']);
    expect(over.json().limit).toEqual({ max: 1, used: 1 });
    expect((await list(t.apiKey)).limit).toEqual({ max: 1, used: 1 });
    await setTier(ctx, t.tenantId, 'GROWTH');
    for (let i = 0; i < 4; i++) expect((await create(t.apiKey)).statusCode).toBe(201);
    expect((await create(t.apiKey)).statusCode).toBe(402);
    expect((await list(t.apiKey)).limit).toEqual({ max: 5, used: 5 });
  });

  it('refuses concurrent registrations beyond the maximum', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(ctx, t.tenantId, 'STARTER');
    const results = await Promise.all(Array.from({ length: 6 }, () => create(t.apiKey)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(4);
  });
});

describe('GET /v1/webhooks and /v1/webhooks/:id', () => {
  it('lists active, non-internal endpoints oldest first; inactive ones stay readable by id', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(ctx, t.tenantId, 'BUSINESS');
    const a = (await create(t.apiKey, { url: 'https://a.example.com/' })).json().endpoint;
    const b = (await create(t.apiKey, { url: 'https://b.example.com/' })).json().endpoint;
    const internalId = uuidv7();
    await ctx.query(
      `insert into webhook_endpoints (id, tenant_id, url, secret_sealed, internal, created_at, updated_at)
       values ($1, $2, 'https://app.internal/hook', '\\x01', true, now(), now())`,
      [internalId, t.tenantId],
    );
    await call(t.apiKey, 'DELETE', `/v1/webhooks/${a.id}`);
    const body = await list(t.apiKey);
    expect(body).toEqual({ ok: true, endpoints: [b], limit: { max: 10, used: 1 } });
    const readA = await call(t.apiKey, 'GET', `/v1/webhooks/${a.id}`);
    expect(readA.statusCode).toBe(200);
    expect(readA.json().endpoint).toMatchObject({ id: a.id, active: false });
    const internal = await call(t.apiKey, 'GET', `/v1/webhooks/${internalId}`);
    expect([internal.statusCode, internal.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('PATCH /v1/webhooks/:id', () => {
  it('changes url and event types', async () => {
    const t = await verifiedTenant(ctx);
    const e = (await create(t.apiKey)).json().endpoint;
    ctx.clock.advance(1000);
    const res = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, {
      url: 'https://new.example.com/hook',
      eventTypes: ['CERT_EXPIRED'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      endpoint: {
        ...e,
        url: 'https://new.example.com/hook',
        eventTypes: ['CERT_EXPIRED'],
        updatedAt: expect.any(String),
      },
    });
    expect(res.json().endpoint.updatedAt).not.toBe(e.updatedAt);
    const bad = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { url: 'ftp://x.example.com' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const badActive = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { active: 'no' });
    expect([badActive.statusCode, badActive.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('deactivates and re-activates by id; re-activation counts against the plan', async () => {
    const t = await verifiedTenant(ctx);
    const e = (await create(t.apiKey)).json().endpoint;
    const off = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { active: false });
    expect(off.json().endpoint.active).toBe(false);
    expect((await list(t.apiKey)).endpoints).toEqual([]);
    const other = (await create(t.apiKey, { url: 'https://other.example.com/' })).json().endpoint;
    const full = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { active: true });
    expect([full.statusCode, full.json().code]).toEqual([402, 'WEBHOOK_ENDPOINT_LIMIT_REACHED']);
    await call(t.apiKey, 'DELETE', `/v1/webhooks/${other.id}`);
    const on = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { active: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().endpoint.active).toBe(true);
    expect((await list(t.apiKey)).endpoints.map((x: { id: string }) => x.id)).toEqual([e.id]);
  });

  it('lets an unverified account deactivate, but not retarget or re-activate (403 EMAIL_VERIFICATION_REQUIRED)', async () => {
    const t = await verifiedTenant(ctx);
    const e = (await create(t.apiKey)).json().endpoint;
    await ctx.query('update tenants set email_verified_at = null where id = $1', [t.tenantId]);
    for (const payload of [{ url: 'https://elsewhere.example.com/' }, { eventTypes: ['QUOTA_WARNING'] }]) {
      const res = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, payload);
      expect([res.statusCode, res.json().code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
    }
    // Unchanged values are no retargeting.
    expect(
      (await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { url: e.url, eventTypes: [] })).statusCode,
    ).toBe(200);
    const off = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { active: false });
    expect([off.statusCode, off.json().endpoint.active]).toEqual([200, false]);
    const on = await call(t.apiKey, 'PATCH', `/v1/webhooks/${e.id}`, { active: true });
    expect([on.statusCode, on.json().code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
    expect((await call(t.apiKey, 'DELETE', `/v1/webhooks/${e.id}`)).statusCode).toBe(200);
  });
});

describe('DELETE /v1/webhooks/:id', () => {
  it('soft-deletes: active false, not listed, delivery records kept', async () => {
    const t = await verifiedTenant(ctx);
    const e = (await create(t.apiKey)).json().endpoint;
    await ctx.query(
      `insert into webhook_deliveries (id, tenant_id, endpoint_id, event, payload, created_at, updated_at)
       values ($1, $2, $3, 'QUOTA_WARNING', '{}', now(), now())`,
      [uuidv7(), t.tenantId, e.id],
    );
    const res = await call(t.apiKey, 'DELETE', `/v1/webhooks/${e.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect((await list(t.apiKey)).endpoints).toEqual([]);
    expect((await call(t.apiKey, 'GET', `/v1/webhooks/${e.id}`)).json().endpoint.active).toBe(false);
    const deliveries = await call(t.apiKey, 'GET', `/v1/webhooks/${e.id}/deliveries`);
    expect(deliveries.json().deliveries).toHaveLength(1);
    // Deleting again is harmless.
    expect((await call(t.apiKey, 'DELETE', `/v1/webhooks/${e.id}`)).statusCode).toBe(200);
  });
});

describe('webhook routes and other accounts, scopes and suspension', () => {
  let owner: RegisteredTenant;
  let endpointId: string;
  let routes: [Method, string, object?][];
  beforeAll(async () => {
    owner = await verifiedTenant(ctx);
    endpointId = (await create(owner.apiKey)).json().endpoint.id;
    const deliveryId = uuidv7();
    routes = [
      ['GET', `/v1/webhooks/${endpointId}`],
      ['PATCH', `/v1/webhooks/${endpointId}`, { active: false }],
      ['DELETE', `/v1/webhooks/${endpointId}`],
      ['GET', `/v1/webhooks/${endpointId}/deliveries`],
      ['POST', `/v1/webhooks/${endpointId}/deliveries/${deliveryId}/retry`],
      ['POST', `/v1/webhooks/${endpointId}/test`],
    ];
  });

  it("answers 404 NOT_FOUND for another account's endpoint, and for an unknown id", async () => {
    const stranger = await verifiedTenant(ctx);
    for (const [method, url, payload] of routes) {
      const res = await call(stranger.apiKey, method, url, payload);
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 404, 'NOT_FOUND']);
      const unknown = await call(owner.apiKey, method, url.replace(endpointId, uuidv7()), payload);
      expect(unknown.statusCode).toBe(404);
    }
    expect((await call(owner.apiKey, 'GET', `/v1/webhooks/${endpointId}`)).json().endpoint.active).toBe(true);
  });

  it('needs webhooks:manage (403 INSUFFICIENT_SCOPE) on every route', async () => {
    const key = await fixtureKey(ctx, owner, ['documents:read', 'documents:write', 'keys:manage']);
    const all: [Method, string, object?][] = [
      ['POST', '/v1/webhooks', { url: 'https://x.example.com/' }],
      ['GET', '/v1/webhooks'],
      ...routes,
    ];
    for (const [method, url, payload] of all) {
      const res = await call(key, method, url, payload);
      expect([method, url, res.statusCode, res.json().code]).toEqual([
        method,
        url,
        403,
        'INSUFFICIENT_SCOPE',
      ]);
    }
  });

  it('refuses writes of a suspended account (403 ACCOUNT_SUSPENDED) and keeps reads open', async () => {
    const t = await verifiedTenant(ctx);
    const e = (await create(t.apiKey)).json().endpoint;
    await setTenantStatus(ctx, t.tenantId, 'SUSPENDED');
    for (const [method, url, payload] of [
      ['POST', '/v1/webhooks', { url: 'https://x.example.com/' }],
      ['PATCH', `/v1/webhooks/${e.id}`, { active: false }],
      ['DELETE', `/v1/webhooks/${e.id}`],
      ['POST', `/v1/webhooks/${e.id}/test`],
    ] as [Method, string, object?][]) {
      const res = await call(t.apiKey, method, url, payload);
      expect([method, res.statusCode, res.json().code]).toEqual([method, 403, 'ACCOUNT_SUSPENDED']);
    }
    expect((await call(t.apiKey, 'GET', '/v1/webhooks')).statusCode).toBe(200);
    expect((await call(t.apiKey, 'GET', `/v1/webhooks/${e.id}/deliveries`)).statusCode).toBe(200);
  });

  it('refuses ids that are not UUIDs with 400 VALIDATION_FAILED', async () => {
    for (const url of ['/v1/webhooks/abc', `/v1/webhooks/${endpointId}/deliveries/abc/retry`]) {
      const res = await call(owner.apiKey, url.endsWith('retry') ? 'POST' : 'GET', url);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const res = await call(owner.apiKey, 'GET', `/v1/webhooks/${endpointId}/deliveries?before=x`);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
