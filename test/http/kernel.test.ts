import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const PROBLEM_KEYS = ['code', 'detail', 'instance', 'requestId', 'status', 'title', 'type'];

describe('problem documents', () => {
  it('every error has the problem shape and content type, including Fastify own errors', async () => {
    const cases = [
      { req: { method: 'GET' as const, url: '/v1/nowhere' }, status: 404, code: 'NOT_FOUND' },
      {
        req: {
          method: 'POST' as const,
          url: '/v1/verify-email',
          payload: '{bad json',
          headers: { 'content-type': 'application/json' },
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        req: {
          method: 'POST' as const,
          url: '/v1/verify-email',
          payload: 'x',
          headers: { 'content-type': 'text/csv' },
        },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        req: { method: 'POST' as const, url: '/v1/verify-email', payload: { token: 12 } },
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        req: {
          method: 'POST' as const,
          url: '/v1/verify-email',
          payload: JSON.stringify({ token: 'a'.repeat(3 * 1024 * 1024) }),
          headers: { 'content-type': 'application/json' },
        },
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
      { req: { method: 'GET' as const, url: '/v1/tenants/me' }, status: 401, code: 'UNAUTHORIZED' },
      // The router's own error (frameworkErrors): a path that is not valid percent-encoding.
      { req: { method: 'GET' as const, url: '/v1/issuers/%E0%A4%A' }, status: 400, code: 'BAD_REQUEST' },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject(c.req);
      expect(res.statusCode, `${c.req.method} ${c.req.url}`).toBe(c.status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json();
      expect(body.code).toBe(c.code);
      expect(
        Object.keys(body)
          .filter((k) => k !== 'errors')
          .sort(),
      ).toEqual(PROBLEM_KEYS);
      expect(body.type).toMatch(/^http:\/\/localhost:3000\/docs\/errors\/[a-z-]+$/);
      expect(body.instance).toBe(c.req.url.split('?')[0]);
      // The request id of the response header, so that a client can quote it.
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.requestId).toBe(res.headers['x-request-id']);
      if (c.code === 'VALIDATION_FAILED')
        expect(body.errors).toEqual([{ path: 'token', message: 'must be string' }]);
    }
  });

  it('uses forbidden/unauthorized kinds and titles as the spec shows', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: bearer('eik_test_' + 'x'.repeat(40)),
    });
    expect(res.json()).toMatchObject({
      type: 'http://localhost:3000/docs/errors/unauthorized',
      title: 'Unauthorized',
      status: 401,
    });
  });
});

describe('problem documents: request id and docs URL', () => {
  it('carries the X-Request-Id the client sent', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: { 'x-request-id': 'client-trace-0042' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('client-trace-0042');
    expect(res.json().requestId).toBe('client-trace-0042');
  });

  it("takes the docs URL from each application's configuration, not from a shared global", async () => {
    const other = await createTestContext({ env: { PUBLIC_BASE_URL: 'https://factura.example.ec' } });
    try {
      const mine = await ctx.app.inject({ method: 'GET', url: '/v1/nowhere' });
      const theirs = await other.app.inject({ method: 'GET', url: '/v1/nowhere' });
      expect(theirs.json().type).toBe('https://factura.example.ec/docs/errors/not-found');
      // Built after it, the first application still points at its own docs.
      expect(mine.json().type).toBe('http://localhost:3000/docs/errors/not-found');
    } finally {
      await other.close();
    }
  });
});

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['not Bearer', 'Basic abc'],
    ['Bearer without token', 'Bearer '],
    ['unknown key', `Bearer eik_test_${'A'.repeat(40)}`],
    ['garbage', 'Bearer ; drop table api_keys'],
  ])('401 UNAUTHORIZED for %s', async (_n, authorization) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: authorization ? { authorization } : {},
    });
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('expired internal session keys no longer authenticate', async () => {
    const t = await verifiedTenant(ctx);
    const { insertApiKey } = await import('../../src/modules/keys/keys.service.js');
    const { token } = await insertApiKey(ctx.deps.db, {
      tenantId: t.tenantId,
      environment: 'sandbox',
      scopes: ['documents:read'],
      internal: true,
      expiresAt: new Date(ctx.clock.now().getTime() + 60_000),
      now: ctx.clock.now(),
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await ctx.advance(61_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });
});

describe('request ids, health and docs', () => {
  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const generated = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const err = await ctx.app.inject({ method: 'GET', url: '/v1/nowhere' });
    expect(err.headers['x-request-id']).toBeTruthy();
  });

  it('health and readiness', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      ok: true,
      status: 'alive',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      ok: true,
      status: 'ready',
      database: 'up',
    });
  });

  it("serves an OpenAPI 3.1 document with package.json's version, bearer security and every registered route", async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(
      (await import('../../package.json', { with: { type: 'json' } })).default.version,
    );
    for (const path of [
      '/v1/register',
      '/v1/recover',
      '/v1/keys',
      '/v1/keys/{id}/usage',
      '/v1/tenants/me',
      '/v1/catalogs/tax-rates',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/v1/keys'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/keys'].post.responses['402']).toBeDefined();
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    // Offline: every script and stylesheet of the page is ours (relative), none from a CDN.
    const assets = [...docs.body.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(assets).toContain('js/scalar.js');
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);
    const script = await ctx.app.inject({ method: 'GET', url: '/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body.length).toBeGreaterThan(100_000);
    const served = (await ctx.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    expect(served.paths['/v1/documents'].post.operationId).toBe('createDocument');
    expect(served.info.description).toContain('## Idempotency');
  });
});

describe('catalogs', () => {
  it('serves the reference catalogs to any key, with IVA 15% under rateCode 4', async () => {
    const t = await verifiedTenant(ctx);
    const { fixtureKey } = await import('../helpers/tenants.js');
    const key = await fixtureKey(ctx, t, ['documents:read']);
    const rates = (
      await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/tax-rates', headers: bearer(key) })
    ).json();
    expect(rates.taxRates).toContainEqual({
      taxCode: '2',
      rateCode: '4',
      description: 'IVA 15%',
      rate: '15.00',
      current: true,
      validity: [{ from: '2024-04-01', to: null }],
    });
    // Historical rows carry the periods a credit note may still use them for (issue 13, defect 10).
    expect(rates.taxRates).toContainEqual(
      expect.objectContaining({
        rateCode: '2',
        current: false,
        validity: [
          { from: null, to: '2016-05-31' },
          { from: '2017-06-01', to: '2024-03-31' },
        ],
      }),
    );
    expect(rates.taxRates).toContainEqual(
      expect.objectContaining({ taxCode: '5', rateCode: '5001', rate: '0.02' }),
    );
    const ids = (
      await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/id-types', headers: bearer(key) })
    ).json();
    expect(ids.idTypes.map((i: { code: string }) => i.code)).toEqual(['04', '05', '06', '07', '08']);
    const pm = (
      await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/payment-methods', headers: bearer(key) })
    ).json();
    expect(pm.paymentMethods.map((i: { code: string }) => i.code)).toEqual([
      '01',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
    ]);
    const tu = (
      await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/term-units', headers: bearer(key) })
    ).json();
    expect(tu.termUnits.map((i: { code: string }) => i.code)).toEqual(['dias', 'meses']);
    const tt = (
      await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/tax-types', headers: bearer(key) })
    ).json();
    expect(tt.taxTypes.map((i: { code: string }) => i.code)).toEqual(['2', '3', '5']);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/tax-types' })).statusCode).toBe(401);
  });
});
