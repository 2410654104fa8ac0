import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  changeTier,
  eventTypes,
  lastEvent,
  mySubscriptions,
  notificationsOf,
  runDaily,
  setProduction,
  uploadProof,
  verify,
} from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/** Production tenants: the tier-change table of docs/spec-map.md, case by case. */
let ctx: TestContext;
const ec = (local: string) => new Date(`${local}-05:00`);
const JUNE_1 = ec('2027-06-01T00:00:00');
const JULY_1 = ec('2027-07-01T00:00:00');

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.freeze();
});
afterAll(async () => ctx?.close());
beforeEach(() => ctx.clock.set(JUNE_1));

/** A production tenant whose subscription was verified on 1 June 00:00 (a 30-day period). */
async function subscribed(tier = 'STARTER', interval = 'MONTHLY') {
  const t = await verifiedTenant(ctx);
  await setProduction(ctx, t.tenantId);
  const s = await activeSubscription(ctx, t, tier, interval);
  return { t, ...s };
}

const tenantOf = async (t: RegisteredTenant) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })).json().tenant;

describe('production: same interval, higher price', () => {
  it('charges the difference prorated by the period left and applies it once verified', async () => {
    const { t, key, subscriptionId } = await subscribed('STARTER');
    ctx.clock.set(ec('2027-06-21T00:00:00')); // 10 of 30 days left
    const res = await changeTier(ctx, key, 'GROWTH');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bankTransfer', 'ok', 'payment', 'subscription']);
    // (29.90 - 9.90) x 10/30 = 6.666… -> 6.67; IVA 6.67 x 0.15 = 1.0005 -> 1.00
    expect(body.payment).toMatchObject({
      purpose: 'TIER_CHANGE',
      status: 'PENDING',
      amount: '6.67',
      iva_rate: '0.1500',
      iva_amount: '1.00',
      total_amount: '7.67',
      target_tier: 'GROWTH',
      target_billing_interval: null,
    });
    expect(body.subscription).toMatchObject({ tier: 'STARTER', current_period_end: JULY_1.toISOString() });
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGE_REQUESTED')).toEqual({
      subscriptionId,
      fromTier: 'STARTER',
      toTier: 'GROWTH',
      fromBillingInterval: 'MONTHLY',
      toBillingInterval: 'MONTHLY',
      totalAmount: '7.67',
      effectiveAt: null,
      paymentId: body.payment.id,
    });
    expect((await tenantOf(t)).subscriptionTier).toBe('STARTER');

    await uploadProof(ctx, key, body.payment.id);
    await verify(ctx, body.payment.id);
    expect(await tenantOf(t)).toMatchObject({ subscriptionTier: 'GROWTH', documentQuota: 1500 });
    const [sub] = await mySubscriptions(ctx, key);
    // the period does not restart
    expect(sub).toMatchObject({
      tier: 'GROWTH',
      current_period_start: JUNE_1.toISOString(),
      current_period_end: JULY_1.toISOString(),
    });
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGED')).toMatchObject({
      fromTier: 'STARTER',
      toTier: 'GROWTH',
      paymentId: body.payment.id,
    });
    const notes = await notificationsOf(ctx, t.tenantId);
    expect(notes.at(-1)).toMatchObject({
      type: 'PAYMENT_VERIFIED',
      metadata: {
        tier: 'GROWTH',
        billingInterval: 'MONTHLY',
        purpose: 'TIER_CHANGE',
        amount: '7.67',
        rejectionReasonCode: null,
      },
    });
  });

  it('applies at once with payment null and amount 0 when the prorated amount rounds to 0.00', async () => {
    const { t, key } = await subscribed('GROWTH');
    ctx.clock.set(new Date(JULY_1.getTime() - 60_000)); // one minute left: 50.00 x 1/43200 = 0.001
    const res = await changeTier(ctx, key, 'BUSINESS');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ok: true,
      subscription: expect.objectContaining({ tier: 'BUSINESS' }),
      payment: null,
      amount: 0,
    });
    expect(await tenantOf(t)).toMatchObject({ subscriptionTier: 'BUSINESS', documentQuota: 10000 });
    expect((await eventTypes(ctx, t.tenantId)).slice(-1)).toEqual(['TIER_CHANGED']);
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGED')).toMatchObject({
      toTier: 'BUSINESS',
      paymentId: null,
    });
    expect(res.json().subscription.payments).toHaveLength(1);
  });
});

describe('production: same interval, lower price', () => {
  it('schedules the downgrade for current_period_end without a payment; the daily job applies it', async () => {
    const { t, key, subscriptionId } = await subscribed('GROWTH');
    ctx.clock.set(ec('2027-06-10T12:00:00'));
    const res = await changeTier(ctx, key, 'STARTER');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ok: true,
      subscription: expect.objectContaining({ tier: 'GROWTH', pending_tier: 'STARTER' }),
      effectiveAt: JULY_1.toISOString(),
    });
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGE_SCHEDULED')).toEqual({
      subscriptionId,
      fromTier: 'GROWTH',
      toTier: 'STARTER',
      fromBillingInterval: 'MONTHLY',
      toBillingInterval: 'MONTHLY',
      totalAmount: '0.00',
      effectiveAt: JULY_1.toISOString(),
      paymentId: null,
    });
    const again = await changeTier(ctx, key, 'BUSINESS');
    expect([again.statusCode, again.json().code]).toEqual([409, 'TIER_CHANGE_ALREADY_PENDING']);

    ctx.clock.set(ec('2027-06-24T06:10:00')); // the renewal reminder, priced at the scheduled tier
    await runDaily(ctx);
    expect((await tenantOf(t)).subscriptionTier).toBe('GROWTH'); // before the end: nothing applies
    expect((await notificationsOf(ctx, t.tenantId)).at(-1)).toMatchObject({
      type: 'SUBSCRIPTION_RENEWAL_DUE',
      metadata: { tier: 'STARTER', amount: '9.90', ivaAmount: '1.49', totalAmount: '11.39' },
    });
    ctx.clock.set(ec('2027-07-01T06:10:00'));
    const notesBefore = (await notificationsOf(ctx, t.tenantId)).length;
    await runDaily(ctx);
    expect(await tenantOf(t)).toMatchObject({ subscriptionTier: 'STARTER', documentQuota: 300 });
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGED')).toMatchObject({
      fromTier: 'GROWTH',
      toTier: 'STARTER',
      paymentId: null,
    });
    const [sub] = await mySubscriptions(ctx, key);
    expect('pending_tier' in sub!).toBe(false);
    // no notification when a scheduled change flips
    const notes = await notificationsOf(ctx, t.tenantId);
    expect(notes.slice(notesBefore).map((n) => n.type)).toEqual([]);
    const renewal = sub!.payments.find((p) => p.purpose === 'RENEWAL')!;
    expect(renewal).toMatchObject({ amount: '9.90', status: 'PENDING' }); // priced at the downgraded tier
  });
});

describe('production: billing interval change', () => {
  it('bills the target full price and takes effect at current_period_end once paid', async () => {
    const { t, key, subscriptionId } = await subscribed('STARTER');
    ctx.clock.set(ec('2027-06-15T09:00:00'));
    const res = await changeTier(ctx, key, 'GROWTH', 'YEARLY');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'bankTransfer',
      'effectiveAt',
      'ok',
      'payment',
      'subscription',
    ]);
    expect(body.effectiveAt).toBe(JULY_1.toISOString());
    expect(body.payment).toMatchObject({
      amount: '299.00',
      iva_amount: '44.85',
      total_amount: '343.85',
      target_tier: 'GROWTH',
      target_billing_interval: 'YEARLY',
    });
    await uploadProof(ctx, key, body.payment.id);
    await verify(ctx, body.payment.id);
    expect((await tenantOf(t)).subscriptionTier).toBe('STARTER'); // not before the period end
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGE_SCHEDULED')).toMatchObject({
      subscriptionId,
      toTier: 'GROWTH',
      toBillingInterval: 'YEARLY',
      paymentId: body.payment.id,
      effectiveAt: JULY_1.toISOString(),
    });
    expect((await mySubscriptions(ctx, key))[0]).toMatchObject({
      pending_tier: 'GROWTH',
      pending_billing_interval: 'YEARLY',
    });

    ctx.clock.set(ec('2027-06-25T06:10:00')); // renewal window: the paid change is the renewal
    await runDaily(ctx);
    expect(await eventTypes(ctx, t.tenantId)).not.toContain('RENEWAL_DUE');
    ctx.clock.set(ec('2027-07-01T06:10:00'));
    await runDaily(ctx);
    const [sub] = await mySubscriptions(ctx, key);
    expect(sub).toMatchObject({
      tier: 'GROWTH',
      billing_interval: 'YEARLY',
      current_period_start: JULY_1.toISOString(),
      current_period_end: ec('2028-07-01T00:00:00').toISOString(),
    });
    expect(await tenantOf(t)).toMatchObject({ subscriptionTier: 'GROWTH', documentQuota: 1500 });
    expect((await eventTypes(ctx, t.tenantId)).filter((e) => e.startsWith('TIER_'))).toEqual([
      'TIER_CHANGE_REQUESTED',
      'TIER_CHANGE_SCHEDULED',
      'TIER_CHANGED',
    ]);
    expect(await lastEvent(ctx, t.tenantId, 'TIER_CHANGED')).toMatchObject({
      paymentId: body.payment.id,
      toBillingInterval: 'YEARLY',
    });
  });

  it('an interval-only change keeps the tier and names no target interval when unchanged tier', async () => {
    const { key } = await subscribed('BUSINESS', 'YEARLY');
    const res = await changeTier(ctx, key, 'BUSINESS', 'MONTHLY');
    expect(res.json().payment).toMatchObject({
      amount: '79.90',
      target_tier: 'BUSINESS',
      target_billing_interval: 'MONTHLY',
    });
    expect(res.json().effectiveAt).toBe(ec('2028-06-01T00:00:00').toISOString());
  });
});
