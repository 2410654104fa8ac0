import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';
import { type Session, signIn } from './support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const language = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PATCH', url: '/v1/tenants/language', headers, payload: { language: 'en' } });

describe('cookie authentication', () => {
  let s: Session;
  let apiKey: string;
  let tenantId: string;
  beforeAll(async () => {
    const t = await verifiedTenant(ctx);
    apiKey = t.apiKey;
    tenantId = t.tenantId;
    s = await signIn(ctx, t.email);
  });

  it('GET /v1/session tells who is signed in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/session', headers: s.headers(false) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      session: { environment: 'sandbox', internal: true, expiresAt: expect.any(String) },
      tenant: { id: tenantId },
    });
  });

  it('the cookie authenticates like a Bearer key on reads, without a CSRF header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: s.headers(false) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unsafe cookie request without the CSRF header (403 FORBIDDEN)', async () => {
    const res = await language(s.headers(false));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('refuses a CSRF header that does not match the cookie', async () => {
    const res = await language({ ...s.headers(false), 'x-csrf-token': 'f'.repeat(64) });
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('refuses a matching header and cookie that do not belong to the session', async () => {
    const forged = 'a'.repeat(64);
    const res = await language({
      cookie: `eik_session=${s.token}; eik_csrf=${forged}`,
      'x-csrf-token': forged,
    });
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('accepts an unsafe cookie request with the CSRF header', async () => {
    const res = await language(s.headers());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('Bearer requests need no CSRF header, even with a session cookie beside them', async () => {
    const res = await language({ ...bearer(apiKey), cookie: `eik_session=${s.token}` });
    expect(res.statusCode).toBe(200);
  });

  it('an ordinary API key in the cookie is refused', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: { cookie: `eik_session=${apiKey}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('the session is internal: never listed among the keys', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/keys', headers: s.headers(false) });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys).toHaveLength(1);
    expect(res.json().keys[0].label).toBeNull();
  });

  it('an ordinary key cannot use the session routes (INTERNAL_SERVICE_ONLY)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/session/logout', headers: bearer(apiKey) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INTERNAL_SERVICE_ONLY');
  });
});

describe('session lifetime', () => {
  it('expires after 12 hours (401)', async () => {
    const t = await verifiedTenant(ctx);
    const s = await signIn(ctx, t.email);
    await ctx.advance(12 * 3_600_000 - 60_000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/session', headers: s.headers() })).statusCode,
    ).toBe(200);
    await ctx.advance(60_000);
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/session', headers: s.headers() });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the key and clears the cookies; it needs the CSRF header', async () => {
    const t = await verifiedTenant(ctx);
    const s = await signIn(ctx, t.email);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session/logout',
      headers: s.headers(false),
    });
    expect(forged.json().code).toBe('FORBIDDEN');
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/session/logout', headers: s.headers() });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = (res.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]);
    expect(cleared).toEqual([
      ['eik_session', ''],
      ['eik_csrf', ''],
    ]);
    const after = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: s.headers() });
    expect(after.statusCode).toBe(401);
    const [key] = await ctx.query<{ revoked_at: Date | null }>(
      `select revoked_at from api_keys where tenant_id = $1 and internal`,
      [t.tenantId],
    );
    expect(key!.revoked_at).not.toBeNull();
  });

  it('refresh replaces the key with one of the current environment', async () => {
    const t = await verifiedTenant(ctx);
    const s = await signIn(ctx, t.email);
    // Going to production is another module's action; its effect on the account is what matters here.
    await ctx.query(`update tenants set sandbox = false, promoted_at = now() where id = $1`, [t.tenantId]);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/session/refresh', headers: s.headers() });
    expect(res.statusCode, res.body).toBe(200);
    const cookies = res.cookies as { name: string; value: string }[];
    const fresh = cookies.find((c) => c.name === 'eik_session')!.value;
    expect(fresh).not.toBe(s.token);
    const old = await ctx.app.inject({ method: 'GET', url: '/v1/session', headers: s.headers() });
    expect(old.statusCode).toBe(401);
    const now = await ctx.app.inject({
      method: 'GET',
      url: '/v1/session',
      headers: { cookie: `eik_session=${fresh}` },
    });
    expect(now.json().session.environment).toBe('production');
  });
});
