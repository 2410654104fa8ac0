import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/shared/auth-context.js';
import { activeSubscription, eventTypes, mySubscriptions, subscribe, webKey } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { docHeaders } from '../helpers/documents.js';
import {
  bearer,
  fixtureKey,
  type RegisteredTenant,
  registerTenant,
  verifiedTenant,
} from '../helpers/tenants.js';

/** POST /v1/tenants/promote: going to production. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const promote = (key: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/v1/tenants/promote', headers: bearer(key), payload });

/** A verified tenant that accepted the current agreements, with its web-app key. */
async function ready(): Promise<{ t: RegisteredTenant; key: string }> {
  const t = await verifiedTenant(ctx);
  const key = await webKey(ctx, t);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/tenants/agreements',
    headers: bearer(key),
    payload: { termsVersion: '1.0' },
  });
  expect(res.statusCode).toBe(200);
  return { t, key };
}

describe('POST /v1/tenants/promote', () => {
  it('on FREE: production, a production key with the nine scopes shown once; sandbox keys leave document routes', async () => {
    const { t, key } = await ready();
    const res = await promote(key, { tier: 'FREE' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      environment: 'production',
      promotedAt: expect.any(String),
      subscription: null,
      payment: null,
      bankTransfer: null,
      tenant: { id: t.tenantId, sandbox: false, subscriptionTier: 'FREE', agreementVersion: '1.0' },
    });
    expect(body.apiKey).toMatch(/^eik_live_[0-9A-Za-z]{40}$/);
    const [row] = await ctx.query<{
      environment: string;
      scopes: string[];
      token_hash: string;
      internal: boolean;
    }>(
      `select environment, scopes, token_hash, internal from api_keys where tenant_id = $1 and environment = 'production'`,
      [t.tenantId],
    );
    expect(row).toMatchObject({ environment: 'production', scopes: [...SCOPES], internal: false });
    expect(row!.token_hash).not.toBe(body.apiKey);
    // document routes: the production key works, the sandbox key is refused
    const withProd = await ctx.app.inject({
      method: 'GET',
      url: '/v1/documents',
      headers: docHeaders(t, body.apiKey),
    });
    expect(withProd.statusCode).toBe(200);
    const withSandbox = await ctx.app.inject({ method: 'GET', url: '/v1/documents', headers: docHeaders(t) });
    expect([withSandbox.statusCode, withSandbox.json().code]).toEqual([401, 'API_KEY_ENV_MISMATCH']);
    // other routes still take it
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(me.json().tenant.sandbox).toBe(false);
    const again = await promote(key, { tier: 'FREE' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('a paid tier starts a subscription like POST /v1/subscriptions', async () => {
    const { t, key } = await ready();
    const res = await promote(key, { tier: 'GROWTH', billingInterval: 'YEARLY' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      status: 'PENDING_PAYMENT',
      tier: 'GROWTH',
      billing_interval: 'YEARLY',
    });
    expect(res.json().payment).toMatchObject({
      purpose: 'INITIAL',
      amount: '299.00',
      total_amount: '343.85',
    });
    expect(res.json().bankTransfer).toMatchObject({ bankName: 'Banco Pichincha' });
    expect(await eventTypes(ctx, t.tenantId)).toContain('SUBSCRIPTION_CREATED');
  });

  it('ignores the tier when a subscription is already ACTIVE (and needs none)', async () => {
    for (const payload of [{ tier: 'BUSINESS' }, {}]) {
      const { t, key } = await ready();
      const s = await activeSubscription(ctx, t, 'STARTER');
      const res = await promote(key, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        payment: null,
        subscription: { id: s.subscriptionId, tier: 'STARTER', status: 'ACTIVE' },
      });
      expect(await mySubscriptions(ctx, key)).toHaveLength(1);
      expect(res.json().tenant.subscriptionTier).toBe('STARTER');
    }
  });

  it('refuses a paid tier while a subscription awaits payment (409 SUBSCRIPTION_ALREADY_IN_FLIGHT) and stays in sandbox', async () => {
    const { t, key } = await ready();
    await subscribe(ctx, key, 'STARTER');
    const res = await promote(key, { tier: 'GROWTH' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'SUBSCRIPTION_ALREADY_IN_FLIGHT']);
    const [row] = await ctx.query<{ sandbox: boolean }>('select sandbox from tenants where id = $1', [
      t.tenantId,
    ]);
    expect(row!.sandbox).toBe(true);
    expect((await promote(key, { tier: 'FREE' })).statusCode).toBe(200);
  });

  it.each([
    [{}, 400, 'VALIDATION_FAILED'],
    [{ tier: 'PLATINUM' }, 400, 'INVALID_TIER'],
    [{ tier: 'STARTER', billingInterval: 'WEEKLY' }, 400, 'INVALID_BILLING_INTERVAL'],
    [{ tier: 'FREE', billingInterval: 'WEEKLY' }, 400, 'INVALID_BILLING_INTERVAL'],
  ])('refuses %j with %i %s', async (payload, statusCode, code) => {
    const { key } = await ready();
    const res = await promote(key, payload);
    expect([res.statusCode, res.json().code]).toEqual([statusCode, code]);
  });

  it('needs a verified email (403 EMAIL_VERIFICATION_REQUIRED) and the agreements accepted (403 FORBIDDEN)', async () => {
    const unverified = await registerTenant(ctx);
    const r1 = await promote(await webKey(ctx, unverified), { tier: 'FREE' });
    expect([r1.statusCode, r1.json().code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
    const t = await verifiedTenant(ctx);
    const r2 = await promote(await webKey(ctx, t), { tier: 'FREE' });
    expect([r2.statusCode, r2.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(r2.json().detail).toContain('TERMS, PRIVACY, DPA');
  });

  it('is web-app only, needs tenant:promote, and is refused while suspended', async () => {
    const { t } = await ready();
    const ordinary = await promote(t.apiKey, { tier: 'FREE' });
    expect([ordinary.statusCode, ordinary.json().code]).toEqual([403, 'INTERNAL_SERVICE_ONLY']);
    const narrow = await fixtureKey(ctx, t, ['tenant:manage'], { internal: true });
    expect((await promote(narrow, { tier: 'FREE' })).json().code).toBe('INSUFFICIENT_SCOPE');
    await ctx.query(
      `update tenants set status = 'SUSPENDED', status_before_suspension = 'ACTIVE', suspension_reason_code = 'OTHER' where id = $1`,
      [t.tenantId],
    );
    const suspended = await promote(await webKey(ctx, t), { tier: 'FREE' });
    expect([suspended.statusCode, suspended.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
  });
});
