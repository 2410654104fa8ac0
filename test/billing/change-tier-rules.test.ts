import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  changeTier,
  lastEvent,
  mySubscriptions,
  setProduction,
  subscribe,
  uploadProof,
  verify,
  webKey,
} from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, fixtureKey, verifiedTenant } from '../helpers/tenants.js';

/** Sandbox rules, one outstanding change, and every refusal of change-tier. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const tierOf = async (apiKey: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(apiKey) })).json().tenant
    .subscriptionTier;

describe('sandbox', () => {
  it('applies a downgrade at once and free', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'BUSINESS');
    const res = await changeTier(ctx, key, 'STARTER');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ payment: null, amount: 0, subscription: { tier: 'STARTER' } });
    expect(await tierOf(t.apiKey)).toBe('STARTER');
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGED')).toMatchObject({
      fromTier: 'BUSINESS',
      toTier: 'STARTER',
      paymentId: null,
    });
  });

  it('bills an upgrade at the target’s full price and applies it, with a fresh period, once verified', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'STARTER');
    await ctx.advance(10 * 86_400_000);
    const res = await changeTier(ctx, key, 'GROWTH');
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['bankTransfer', 'ok', 'payment', 'subscription']);
    expect(res.json().payment).toMatchObject({
      amount: '29.90',
      total_amount: '34.39',
      target_tier: 'GROWTH',
      target_billing_interval: null,
    });
    expect(await tierOf(t.apiKey)).toBe('STARTER');
    await uploadProof(ctx, key, res.json().payment.id);
    const verifiedAt = ctx.clock.now();
    await verify(ctx, res.json().payment.id);
    expect(await tierOf(t.apiKey)).toBe('GROWTH');
    const [sub] = await mySubscriptions(ctx, key);
    expect(new Date(sub!.current_period_start).getTime()).toBeGreaterThanOrEqual(verifiedAt.getTime());
  });

  it('bills an interval change at full price and applies it once verified', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'GROWTH');
    const res = await changeTier(ctx, key, 'STARTER', 'YEARLY');
    expect(res.json().payment).toMatchObject({
      amount: '99.00',
      target_tier: 'STARTER',
      target_billing_interval: 'YEARLY',
    });
    expect('effectiveAt' in res.json()).toBe(false);
    await verify(ctx, res.json().payment.id); // the operator may verify a transfer seen without a proof
    const [sub] = await mySubscriptions(ctx, key);
    expect(sub).toMatchObject({ tier: 'STARTER', billing_interval: 'YEARLY' });
    const days = (Date.parse(sub!.current_period_end) - Date.parse(sub!.current_period_start)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
  });
});

describe('refusals', () => {
  it('400 TIER_CHANGE_NO_OP when tier and interval are the current ones (omitted interval = current)', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'GROWTH', 'YEARLY');
    for (const interval of [undefined, 'YEARLY']) {
      const res = await changeTier(ctx, key, 'GROWTH', interval);
      expect([res.statusCode, res.json().code]).toEqual([400, 'TIER_CHANGE_NO_OP']);
    }
  });

  it.each([
    ['FREE', undefined, 'INVALID_TIER'],
    ['GOLD', undefined, 'INVALID_TIER'],
    ['GROWTH', 'DAILY', 'INVALID_BILLING_INTERVAL'],
  ])('400 for tier %s interval %s: %s', async (tier, interval, code) => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t);
    const res = await changeTier(ctx, key, tier, interval);
    expect([res.statusCode, res.json().code]).toEqual([400, code]);
  });

  it('409 NO_ACTIVE_SUBSCRIPTION without one, or with one still pending payment', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const none = await changeTier(ctx, key, 'GROWTH');
    expect([none.statusCode, none.json().code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
    await subscribe(ctx, key, 'STARTER');
    const pending = await changeTier(ctx, key, 'GROWTH');
    expect([pending.statusCode, pending.json().code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
  });

  it('409 TIER_CHANGE_ALREADY_PENDING while a change payment is not settled, even rejected', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    const { key } = await activeSubscription(ctx, t, 'STARTER');
    const first = await changeTier(ctx, key, 'GROWTH');
    expect(first.statusCode).toBe(201);
    for (const [tier, interval] of [
      ['BUSINESS', undefined],
      ['STARTER', 'YEARLY'],
    ] as const) {
      const res = await changeTier(ctx, key, tier, interval);
      expect([res.statusCode, res.json().code]).toEqual([409, 'TIER_CHANGE_ALREADY_PENDING']);
    }
    await uploadProof(ctx, key, first.json().payment.id);
    await ctx.deps.billing.review.reject(first.json().payment.id, 'AMOUNT_MISMATCH', null);
    const afterReject = await changeTier(ctx, key, 'BUSINESS');
    expect(afterReject.json().code).toBe('TIER_CHANGE_ALREADY_PENDING');
    await uploadProof(ctx, key, first.json().payment.id);
    await verify(ctx, first.json().payment.id);
    // settled: a new change is accepted
    expect((await changeTier(ctx, key, 'BUSINESS')).statusCode).toBe(201);
  });

  it('is web-app only and needs billing:manage', async () => {
    const t = await verifiedTenant(ctx);
    await activeSubscription(ctx, t);
    const ordinary = await changeTier(ctx, t.apiKey, 'GROWTH');
    expect([ordinary.statusCode, ordinary.json().code]).toEqual([403, 'INTERNAL_SERVICE_ONLY']);
    const narrow = await fixtureKey(ctx, t, ['keys:manage'], { internal: true });
    const scope = await changeTier(ctx, narrow, 'GROWTH');
    expect([scope.statusCode, scope.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });
});

describe('DELETE /v1/subscriptions', () => {
  const cancel = (key: string) =>
    ctx.app.inject({ method: 'DELETE', url: '/v1/subscriptions', headers: bearer(key) });

  it('403 REQUIRES_PRODUCTION in sandbox', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t);
    const res = await cancel(key);
    expect([res.statusCode, res.json().code]).toEqual([403, 'REQUIRES_PRODUCTION']);
  });

  it('schedules the cancellation at current_period_end; twice is 409 CANCELLATION_ALREADY_PENDING', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    const { key, subscriptionId } = await activeSubscription(ctx, t, 'GROWTH');
    const res = await cancel(key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      ok: true,
      subscription: expect.objectContaining({
        id: subscriptionId,
        status: 'ACTIVE',
        pending_tier: 'FREE',
        canceled_at: null,
      }),
      effectiveAt: body.subscription.current_period_end,
    });
    expect(await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_CANCELLATION_SCHEDULED')).toEqual({
      subscriptionId,
      tier: 'GROWTH',
      billingInterval: 'MONTHLY',
      effectiveAt: body.effectiveAt,
    });
    const again = await cancel(key);
    expect([again.statusCode, again.json().code]).toEqual([409, 'CANCELLATION_ALREADY_PENDING']);
    const change = await changeTier(ctx, key, 'STARTER');
    expect([change.statusCode, change.json().code]).toEqual([409, 'TIER_CHANGE_ALREADY_PENDING']);
  });

  it('409 TIER_CHANGE_ALREADY_PENDING with a downgrade scheduled or a change being paid', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    const { key } = await activeSubscription(ctx, t, 'GROWTH');
    await changeTier(ctx, key, 'STARTER');
    const res = await cancel(key);
    expect([res.statusCode, res.json().code]).toEqual([409, 'TIER_CHANGE_ALREADY_PENDING']);
    const u = await verifiedTenant(ctx);
    await setProduction(ctx, u.tenantId);
    const s = await activeSubscription(ctx, u, 'STARTER');
    await changeTier(ctx, s.key, 'BUSINESS');
    expect((await cancel(s.key)).json().code).toBe('TIER_CHANGE_ALREADY_PENDING');
  });

  it('409 NO_ACTIVE_SUBSCRIPTION in production without an ACTIVE subscription', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    const res = await cancel(await webKey(ctx, t));
    expect([res.statusCode, res.json().code]).toEqual([409, 'NO_ACTIVE_SUBSCRIPTION']);
  });

  it('is web-app only and needs billing:manage', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    expect((await cancel(t.apiKey)).json().code).toBe('INTERNAL_SERVICE_ONLY');
    const narrow = await fixtureKey(ctx, t, ['documents:write'], { internal: true });
    expect((await cancel(narrow)).json().code).toBe('INSUFFICIENT_SCOPE');
  });
});
