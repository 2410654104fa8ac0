import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypes, lastEvent, mySubscriptions, subscribe, webKey } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, fixtureKey, registerTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const PAYMENT_KEYS = [
  'amount',
  'created_at',
  'id',
  'iva_amount',
  'iva_rate',
  'method',
  'purpose',
  'refunded_at',
  'rejection_reason_code',
  'reported_at',
  'status',
  'subscription_id',
  'target_billing_interval',
  'target_tier',
  'total_amount',
  'verified_at',
];

describe('GET /v1/tiers', () => {
  it('lists the plans from the tiers table, public, with prices, IVA, quotas and maxima', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/tiers' });
    expect(res.statusCode).toBe(200);
    const tiers = res.json().tiers;
    expect(tiers.map((t: { code: string }) => t.code)).toEqual(['FREE', 'STARTER', 'GROWTH', 'BUSINESS']);
    expect(tiers[2]).toEqual({
      code: 'GROWTH',
      rank: 2,
      currency: 'USD',
      monthlyPrice: '29.90',
      yearlyPrice: '299.00',
      ivaRate: '0.1500',
      documentQuota: 1500,
      maxApiKeys: 5,
      maxWebhookEndpoints: 5,
      upcomingPrices: [],
    });
    expect(tiers[0]).toMatchObject({
      monthlyPrice: '0.00',
      documentQuota: 30,
      maxApiKeys: 0,
      maxWebhookEndpoints: 1,
    });
  });

  it('reads the table: an operator edit shows at once', async () => {
    const local = await createTestContext();
    try {
      await local.query(`update tiers set document_quota = 350 where code = 'STARTER'`);
      const tiers = (await local.app.inject({ method: 'GET', url: '/v1/tiers' })).json().tiers;
      expect(tiers[1].documentQuota).toBe(350);
    } finally {
      await local.close();
    }
  });
});

describe('POST /v1/subscriptions', () => {
  it('creates a PENDING_PAYMENT subscription with its INITIAL payment, IVA 15% and the bank account', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const res = await subscribe(ctx, key, 'STARTER');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bankTransfer', 'ok', 'payment', 'subscription']);
    expect(body.subscription).toEqual({
      id: expect.any(String),
      tenant_id: t.tenantId,
      tier: 'STARTER',
      billing_interval: 'MONTHLY',
      status: 'PENDING_PAYMENT',
      end_reason: null,
      initial_invoice_document_id: null,
      current_period_start: null,
      current_period_end: null,
      created_at: expect.any(String),
      canceled_at: null,
      payments: [body.payment],
    });
    expect('pending_tier' in body.subscription).toBe(false);
    expect(Object.keys(body.payment).sort()).toEqual(PAYMENT_KEYS);
    expect(body.payment).toMatchObject({
      subscription_id: body.subscription.id,
      status: 'PENDING',
      amount: '9.90',
      iva_rate: '0.1500',
      iva_amount: '1.49',
      total_amount: '11.39',
      method: 'SPI_TRANSFER',
      purpose: 'INITIAL',
      target_tier: null,
      target_billing_interval: null,
      rejection_reason_code: null,
      reported_at: null,
      verified_at: null,
    });
    expect(body.bankTransfer).toEqual({
      bankName: 'Banco Pichincha',
      accountType: 'CORRIENTE',
      accountNumber: '2100123456',
      accountHolder: 'EINVOICE-EC S.A.S.',
      identification: '1792146739001',
    });
    expect(await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_CREATED')).toEqual({
      subscriptionId: body.subscription.id,
      tier: 'STARTER',
      billingInterval: 'MONTHLY',
      paymentId: body.payment.id,
      totalAmount: '11.39',
    });
    // the tier applies only at verification
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(me.json().tenant).toMatchObject({ subscriptionTier: 'FREE', documentQuota: 30 });
  });

  it('bills a yearly plan at 10 × monthly', async () => {
    const t = await verifiedTenant(ctx);
    const res = await subscribe(ctx, await webKey(ctx, t), 'BUSINESS', 'YEARLY');
    expect(res.statusCode).toBe(201);
    expect(res.json().subscription.billing_interval).toBe('YEARLY');
    expect(res.json().payment).toMatchObject({
      amount: '799.00',
      iva_amount: '119.85',
      total_amount: '918.85',
    });
  });

  it('refuses a second subscription in flight with 409 SUBSCRIPTION_ALREADY_IN_FLIGHT', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    expect((await subscribe(ctx, key, 'STARTER')).statusCode).toBe(201);
    const again = await subscribe(ctx, key, 'GROWTH');
    expect([again.statusCode, again.json().code]).toEqual([409, 'SUBSCRIPTION_ALREADY_IN_FLIGHT']);
    expect(again.headers['content-type']).toContain('application/problem+json');
    const racing = await Promise.all(
      [1, 2, 3].map(async () => subscribe(ctx, await webKey(ctx, t), 'GROWTH')),
    );
    expect(racing.every((r) => r.statusCode === 409)).toBe(true);
    expect(await mySubscriptions(ctx, key)).toHaveLength(1);
  });

  it('lets only one of concurrent first subscriptions through', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const results = await Promise.all([1, 2, 3, 4].map(() => subscribe(ctx, key, 'STARTER')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('needs a verified email: 403 EMAIL_VERIFICATION_REQUIRED', async () => {
    const t = await registerTenant(ctx);
    const res = await subscribe(ctx, await webKey(ctx, t), 'STARTER');
    expect([res.statusCode, res.json().code]).toEqual([403, 'EMAIL_VERIFICATION_REQUIRED']);
    expect(await eventTypes(ctx, t.tenantId)).not.toContain('SUBSCRIPTION_CREATED');
  });

  it.each([
    ['FREE', undefined, 'INVALID_TIER'],
    ['PLATINUM', undefined, 'INVALID_TIER'],
    ['starter', undefined, 'INVALID_TIER'],
    ['STARTER', 'WEEKLY', 'INVALID_BILLING_INTERVAL'],
  ])('tier %s interval %s: 400 %s', async (tier, interval, code) => {
    const t = await verifiedTenant(ctx);
    const res = await subscribe(ctx, await webKey(ctx, t), tier, interval);
    expect([res.statusCode, res.json().code]).toEqual([400, code]);
  });

  it('a missing or mistyped tier is 400 VALIDATION_FAILED naming the field', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    for (const payload of [{}, { tier: 3 }, { tier: 'STARTER', billingInterval: true }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/subscriptions',
        headers: bearer(key),
        payload,
      });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('is web-app only: an ordinary key with billing:manage gets 403 INTERNAL_SERVICE_ONLY', async () => {
    const t = await verifiedTenant(ctx);
    const res = await subscribe(ctx, t.apiKey, 'STARTER');
    expect([res.statusCode, res.json().code]).toEqual([403, 'INTERNAL_SERVICE_ONLY']);
  });

  it('checks the scope before the internal flag: 403 INSUFFICIENT_SCOPE without billing:manage', async () => {
    const t = await verifiedTenant(ctx);
    for (const internal of [true, false]) {
      const key = await fixtureKey(ctx, t, ['documents:read'], { internal });
      const res = await subscribe(ctx, key, 'STARTER');
      expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
  });

  it('needs a key: 401 UNAUTHORIZED', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { tier: 'STARTER' },
    });
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('refuses a suspended account: 403 ACCOUNT_SUSPENDED', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(
      `update tenants set status = 'SUSPENDED', status_before_suspension = 'ACTIVE', suspension_reason_code = 'OTHER' where id = $1`,
      [t.tenantId],
    );
    const res = await subscribe(ctx, await webKey(ctx, t), 'STARTER');
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
  });
});

describe('GET /v1/subscriptions/me', () => {
  it('is an empty array when never subscribed; ordinary keys with billing:manage may read', async () => {
    const t = await verifiedTenant(ctx);
    expect(await mySubscriptions(ctx, t.apiKey)).toEqual([]);
  });

  it('lists newest first with payments nested, only the caller’s', async () => {
    const t = await verifiedTenant(ctx);
    const other = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const first = (await subscribe(ctx, key, 'STARTER')).json();
    await subscribe(ctx, await webKey(ctx, other), 'GROWTH');
    await ctx.query(`update subscriptions set status = 'CANCELLED', end_reason = 'EXPIRED' where id = $1`, [
      first.subscription.id,
    ]);
    const second = (await subscribe(ctx, key, 'GROWTH', 'YEARLY')).json();
    const list = await mySubscriptions(ctx, t.apiKey);
    expect(list.map((s) => s.id)).toEqual([second.subscription.id, first.subscription.id]);
    expect(list[0]!.payments.map((p: { id: string }) => p.id)).toEqual([second.payment.id]);
    expect(list[1]).toMatchObject({ status: 'CANCELLED', end_reason: 'EXPIRED' });
  });

  it('needs billing:manage: 403 INSUFFICIENT_SCOPE', async () => {
    const t = await verifiedTenant(ctx);
    const key = await fixtureKey(ctx, t, ['documents:read']);
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/subscriptions/me', headers: bearer(key) });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });
});
