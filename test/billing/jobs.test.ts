import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  emailsOf,
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

/** The daily billing job on the movable clock: reminders, warnings, expiry, cancellations. */
let ctx: TestContext;
const ec = (local: string) => new Date(`${local}-05:00`);
const START = ec('2027-03-01T10:00:00');
const END = ec('2027-04-01T10:00:00');
const at = (day: string) => ctx.clock.set(ec(`${day}T06:10:00`));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.freeze();
});
afterAll(async () => ctx?.close());
beforeEach(() => ctx.clock.set(START));

const tenantOf = async (t: RegisteredTenant) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })).json().tenant;
const count = async (t: RegisteredTenant, type: string) =>
  (await eventTypes(ctx, t.tenantId)).filter((e) => e === type).length;

describe('renewal reminder', () => {
  it('opens the RENEWAL payment 7 days before the period end, once, and extends the period when verified', async () => {
    const t = await verifiedTenant(ctx);
    const { key, subscriptionId } = await activeSubscription(ctx, t, 'STARTER');
    at('2027-03-24'); // 8 days before
    await runDaily(ctx);
    expect(await count(t, 'RENEWAL_DUE')).toBe(0);
    at('2027-03-25'); // 7 days before
    const first = await runDaily(ctx);
    expect(first.result['renewals.opened']).toBe(1);
    const again = await runDaily(ctx);
    expect(again.result['renewals.opened']).toBe(0);
    at('2027-03-26');
    await runDaily(ctx);
    expect(await count(t, 'RENEWAL_DUE')).toBe(1);

    const [sub] = await mySubscriptions(ctx, key);
    const renewal = sub!.payments[0]!;
    expect(renewal).toMatchObject({
      purpose: 'RENEWAL',
      status: 'PENDING',
      amount: '9.90',
      total_amount: '11.39',
      target_tier: null,
    });
    expect(await lastEvent(ctx, t.tenantId, 'RENEWAL_DUE')).toEqual({
      subscriptionId,
      paymentId: renewal.id,
      tier: 'STARTER',
      totalAmount: '11.39',
      currentPeriodEnd: END.toISOString(),
    });
    const note = (await notificationsOf(ctx, t.tenantId)).at(-1)!;
    expect(note).toMatchObject({
      type: 'SUBSCRIPTION_RENEWAL_DUE',
      severity: 'WARNING',
      metadata: {
        subscriptionId,
        paymentId: renewal.id,
        tier: 'STARTER',
        amount: '9.90',
        ivaAmount: '1.49',
        totalAmount: '11.39',
        currentPeriodEnd: END.toISOString(),
      },
    });
    const email = (await emailsOf(ctx, t.tenantId)).at(-1)!;
    expect(email.kind).toBe('notification');
    expect(email.body_text).toContain('Transfiere USD 11.39 a Banco Pichincha, cuenta CORRIENTE 2100123456');

    await uploadProof(ctx, key, renewal.id);
    await verify(ctx, renewal.id);
    const [renewed] = await mySubscriptions(ctx, key);
    expect(renewed).toMatchObject({
      current_period_start: START.toISOString(),
      current_period_end: ec('2027-05-01T10:00:00').toISOString(),
    });
    expect(await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_RENEWED')).toMatchObject({
      subscriptionId,
      paymentId: renewal.id,
      periodStart: END.toISOString(),
      currentPeriodEnd: ec('2027-05-01T10:00:00').toISOString(),
    });
    at('2027-04-01'); // before 10:00: still the first period
    await runDaily(ctx);
    expect((await mySubscriptions(ctx, key))[0]!.current_period_start).toBe(START.toISOString());
    at('2027-04-02'); // the rollover moves current_period_start to the renewed period
    await runDaily(ctx);
    expect((await mySubscriptions(ctx, key))[0]!.current_period_start).toBe(END.toISOString());
  });

  it('sends none while a cancellation is pending; the job then cancels at the period end, without notification', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    const { key, subscriptionId } = await activeSubscription(ctx, t, 'GROWTH');
    await ctx.app.inject({ method: 'DELETE', url: '/v1/subscriptions', headers: bearer(key) });
    const notes = (await notificationsOf(ctx, t.tenantId)).length;
    for (const day of ['2027-03-25', '2027-03-31', '2027-04-01']) {
      at(day);
      await runDaily(ctx);
    }
    expect(await count(t, 'RENEWAL_DUE')).toBe(0);
    expect((await tenantOf(t)).subscriptionTier).toBe('GROWTH'); // 06:10 < 10:00
    at('2027-04-02');
    await runDaily(ctx);
    expect(await tenantOf(t)).toMatchObject({
      subscriptionTier: 'FREE',
      documentQuota: 30,
      status: 'ACTIVE',
    });
    const [sub] = await mySubscriptions(ctx, key);
    expect(sub).toMatchObject({
      status: 'CANCELLED',
      end_reason: 'CANCELLED',
      canceled_at: ec('2027-04-02T06:10:00').toISOString(),
    });
    expect(await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_CANCELLED')).toEqual({
      subscriptionId,
      tier: 'GROWTH',
      effectiveAt: END.toISOString(),
    });
    expect((await notificationsOf(ctx, t.tenantId)).length).toBe(notes);
    await runDaily(ctx);
    expect(await count(t, 'SUBSCRIPTION_CANCELLED')).toBe(1);
  });
});

describe('grace period', () => {
  it('warns 5 days after the period end and expires at 7: FREE and PAST_DUE, notification and email', async () => {
    const t = await verifiedTenant(ctx);
    const { key, subscriptionId } = await activeSubscription(ctx, t, 'GROWTH');
    for (const day of ['2027-03-25', '2027-04-02', '2027-04-05']) {
      at(day);
      await runDaily(ctx);
    }
    expect((await notificationsOf(ctx, t.tenantId)).map((n) => n.type)).not.toContain(
      'SUBSCRIPTION_PAST_DUE_WARNING',
    );
    at('2027-04-06'); // 5 days after 1 April
    await runDaily(ctx);
    await runDaily(ctx);
    const warnings = (await notificationsOf(ctx, t.tenantId)).filter(
      (n) => n.type === 'SUBSCRIPTION_PAST_DUE_WARNING',
    );
    expect(warnings).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        metadata: {
          subscriptionId,
          tier: 'GROWTH',
          currentPeriodEnd: END.toISOString(),
          suspendsAt: ec('2027-04-08T00:00:00').toISOString(),
        },
      }),
    ]);
    expect((await tenantOf(t)).subscriptionTier).toBe('GROWTH'); // the tier holds during the grace
    at('2027-04-07');
    await runDaily(ctx);
    expect((await tenantOf(t)).status).toBe('ACTIVE');
    at('2027-04-08');
    await runDaily(ctx);
    await runDaily(ctx);
    expect(await tenantOf(t)).toMatchObject({
      subscriptionTier: 'FREE',
      status: 'PAST_DUE',
      documentQuota: 30,
    });
    expect(await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_EXPIRED')).toEqual({
      subscriptionId,
      previousTier: 'GROWTH',
    });
    expect(await count(t, 'SUBSCRIPTION_EXPIRED')).toBe(1);
    const expired = (await notificationsOf(ctx, t.tenantId)).filter((n) => n.type === 'SUBSCRIPTION_EXPIRED');
    expect(expired).toEqual([
      expect.objectContaining({ severity: 'ERROR', metadata: { subscriptionId, previousTier: 'GROWTH' } }),
    ]);
    expect((await emailsOf(ctx, t.tenantId)).map((e) => e.ref?.type ?? e.kind)).toEqual([
      'verification',
      'PAYMENT_VERIFIED',
      'SUBSCRIPTION_RENEWAL_DUE',
      'SUBSCRIPTION_PAST_DUE_WARNING',
      'SUBSCRIPTION_EXPIRED',
    ]);
    const [sub] = await mySubscriptions(ctx, key);
    expect(sub).toMatchObject({ status: 'CANCELLED', end_reason: 'EXPIRED' });
    // the open renewal can no longer be paid
    const renewal = sub!.payments.find((p) => p.purpose === 'RENEWAL')!;
    expect((await uploadProof(ctx, key, renewal.id)).json().code).toBe('CONFLICT');
  });

  it('a renewal verified late, within the grace, starts the new period at the old end', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'STARTER');
    at('2027-03-25');
    await runDaily(ctx);
    at('2027-04-04');
    const renewal = (await mySubscriptions(ctx, key))[0]!.payments[0]!;
    await uploadProof(ctx, key, renewal.id);
    await verify(ctx, renewal.id);
    expect((await mySubscriptions(ctx, key))[0]).toMatchObject({
      current_period_start: END.toISOString(),
      current_period_end: ec('2027-05-01T10:00:00').toISOString(),
    });
    at('2027-04-08');
    await runDaily(ctx);
    expect((await tenantOf(t)).subscriptionTier).toBe('STARTER');
  });

  it('does not expire while a renewal proof awaits review, and expires after a rejection', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'STARTER');
    at('2027-03-25');
    await runDaily(ctx);
    const renewal = (await mySubscriptions(ctx, key))[0]!.payments[0]!;
    at('2027-04-03');
    await uploadProof(ctx, key, renewal.id);
    for (const day of ['2027-04-06', '2027-04-08', '2027-04-09']) {
      at(day);
      await runDaily(ctx);
    }
    expect((await tenantOf(t)).subscriptionTier).toBe('STARTER');
    expect((await notificationsOf(ctx, t.tenantId)).map((n) => n.type)).not.toContain(
      'SUBSCRIPTION_PAST_DUE_WARNING',
    );
    await ctx.deps.billing.review.reject(renewal.id, 'TRANSFER_NOT_FOUND', 'no such transfer');
    await runDaily(ctx);
    expect(await tenantOf(t)).toMatchObject({ subscriptionTier: 'FREE', status: 'PAST_DUE' });
  });
});
