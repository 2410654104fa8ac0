import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/pool.js';
import { documents } from '../../src/modules/documents/documents.tables.js';
import {
  changeTier,
  emailsOf,
  eventTypes,
  lastEvent,
  mySubscriptions,
  notificationsOf,
  runDaily,
  subscribe,
  uploadProof,
  webKey,
} from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * A year of one tenant's billing on the movable clock, the daily job run every simulated day at
 * 06:10 (Ecuador), the operator's decisions through the operator API's services.
 */
let ctx: TestContext;
const ec = (local: string) => new Date(`${local}-05:00`);
const iso = (local: string) => ec(local).toISOString();
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.freeze();
  ctx.clock.set(ec('2027-01-04T08:00:00'));
});
afterAll(async () => ctx?.close());

it('subscribes, upgrades, downgrades, renews, expires and comes back', { timeout: 240_000 }, async () => {
  const provider = await verifiedTenant(ctx, { businessName: 'EINVOICE-EC S.A.S.' });
  ctx.config.providerIssuerId = provider.issuerId;
  const review = ctx.deps.billing.review;
  const events: string[] = [];
  const notes: string[] = [];
  const expectLog = async () => {
    expect(await eventTypes(ctx, t.tenantId)).toEqual(events);
    expect((await notificationsOf(ctx, t.tenantId)).map((n) => n.type)).toEqual(notes);
    expect((await emailsOf(ctx, t.tenantId)).map((e) => e.ref?.type ?? e.kind)).toEqual([
      'verification',
      ...notes,
    ]);
  };
  const me = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })).json().tenant;
  const sub = async () => (await mySubscriptions(ctx, key))[0]!;
  const at = (local: string) => ctx.clock.set(ec(local));
  const verify = async (paymentId: string) => {
    await review.verify(paymentId);
    await ctx.drainJobs(); // the provider's invoice
  };

  // 4 January: sign-up, subscription, a proof the operator cannot read, a new proof.
  at('2027-01-04T09:00:00');
  const t: RegisteredTenant = await verifiedTenant(ctx);
  await ctx.drainJobs();
  events.push('CERTIFICATE_UPLOADED', 'EMAIL_VERIFIED', 'VERIFICATION_EMAIL_SENT');
  const key = await webKey(ctx, t);
  // to production first (agreements accepted, FREE), so that the production tier-change rules apply
  const accept = await ctx.app.inject({
    method: 'POST',
    url: '/v1/tenants/agreements',
    headers: bearer(key),
    payload: { termsVersion: '1.0' },
  });
  expect(accept.statusCode).toBe(200);
  const promote = await ctx.app.inject({
    method: 'POST',
    url: '/v1/tenants/promote',
    headers: bearer(key),
    payload: { tier: 'FREE' },
  });
  expect(promote.json()).toMatchObject({ ok: true, subscription: null, tenant: { sandbox: false } });
  at('2027-01-04T09:30:00');
  const created = (await subscribe(ctx, key, 'STARTER')).json();
  const initial = created.payment.id as string;
  expect(created.payment).toMatchObject({ amount: '9.90', iva_amount: '1.49', total_amount: '11.39' });
  at('2027-01-04T09:45:00');
  await uploadProof(ctx, key, initial);
  at('2027-01-04T14:00:00');
  await review.reject(initial, 'ILLEGIBLE_PROOF', 'blurred photo');
  at('2027-01-04T15:00:00');
  expect((await uploadProof(ctx, key, initial)).json().payment.rejection_reason_code).toBeNull();
  events.push('SUBSCRIPTION_CREATED', 'PAYMENT_REPORTED', 'PAYMENT_REJECTED', 'PAYMENT_REPORTED');
  notes.push('PAYMENT_REJECTED');
  await expectLog();
  expect((await notificationsOf(ctx, t.tenantId))[0]!.metadata).toEqual({
    paymentId: initial,
    subscriptionId: created.subscription.id,
    tier: 'STARTER',
    billingInterval: 'MONTHLY',
    purpose: 'INITIAL',
    amount: '11.39',
    rejectionReasonCode: 'ILLEGIBLE_PROOF',
  });

  // 5 January 10:00: verified. ACTIVE, quota 300, a 31-day period; the provider's invoice is linked.
  at('2027-01-05T10:00:00');
  await verify(initial);
  events.push('PAYMENT_VERIFIED', 'SUBSCRIPTION_ACTIVATED');
  notes.push('PAYMENT_VERIFIED');
  expect(await me()).toMatchObject({ subscriptionTier: 'STARTER', status: 'ACTIVE', documentQuota: 300 });
  expect(await sub()).toMatchObject({
    status: 'ACTIVE',
    current_period_start: iso('2027-01-05T10:00:00'),
    current_period_end: iso('2027-02-05T10:00:00'),
  });
  const [invoice] = await ctx.deps.db
    .select()
    .from(documents)
    .where(eq(documents.tenantId, provider.tenantId));
  expect(invoice).toMatchObject({ buyerId: t.ruc, total: '11.39' });
  await withTransaction(ctx.deps.db, (tx) =>
    ctx.deps.billing.onDocumentAuthorized(tx, { ...invoice!, status: 'AUTHORIZED' }, ctx.clock.now()),
  );
  events.push('INVOICE_LINKED');
  expect((await sub()).initial_invoice_document_id).toBe(invoice!.id);
  await expectLog();

  // Every simulated day: the daily job at 06:10, then what the tenant and the operator do that day.
  const renewalDays = ['2027-01-29', '2027-02-26', '2027-03-29', '2027-04-28', '2027-05-29', '2027-06-28'];
  const comebackRenewals = ['2027-09-25', '2027-10-26', '2027-11-25', '2027-12-26'];
  const openRenewal = async () =>
    (await sub()).payments.find((p) => p.purpose === 'RENEWAL' && p.status === 'PENDING')!;
  const actions: Record<string, () => Promise<void>> = {
    '2027-01-20': async () => {
      // 16 of the period's 31 days left: (29.90 - 9.90) x 16/31 = 10.3225… -> 10.32; IVA 1.548 -> 1.55
      at('2027-01-20T10:00:00');
      const up = (await changeTier(ctx, key, 'GROWTH')).json();
      expect(up.payment).toMatchObject({
        amount: '10.32',
        iva_rate: '0.1500',
        iva_amount: '1.55',
        total_amount: '11.87',
      });
      at('2027-01-20T12:00:00');
      await uploadProof(ctx, key, up.payment.id);
      at('2027-01-21T10:00:00');
      await verify(up.payment.id);
      events.push('TIER_CHANGE_REQUESTED', 'PAYMENT_REPORTED', 'PAYMENT_VERIFIED', 'TIER_CHANGED');
      notes.push('PAYMENT_VERIFIED');
      expect(await me()).toMatchObject({ subscriptionTier: 'GROWTH', documentQuota: 1500 });
      expect((await sub()).current_period_end).toBe(iso('2027-02-05T10:00:00'));
    },
    '2027-01-25': async () => {
      at('2027-01-25T10:00:00');
      const down = (await changeTier(ctx, key, 'STARTER')).json();
      expect(down.effectiveAt).toBe(iso('2027-02-05T10:00:00'));
      events.push('TIER_CHANGE_SCHEDULED');
    },
    '2027-02-06': async () => {
      // the downgrade applied by this morning's job; the renewed period has begun on STARTER
      events.push('TIER_CHANGED');
      expect(await me()).toMatchObject({ subscriptionTier: 'STARTER', documentQuota: 300 });
      expect(await sub()).toMatchObject({
        current_period_start: iso('2027-02-05T10:00:00'),
        current_period_end: iso('2027-03-05T10:00:00'),
      });
    },
    '2027-07-29': async () => {
      events.push('RENEWAL_DUE'); // not paid this time
      notes.push('SUBSCRIPTION_RENEWAL_DUE');
    },
    '2027-08-10': async () => {
      notes.push('SUBSCRIPTION_PAST_DUE_WARNING');
      expect((await me()).subscriptionTier).toBe('STARTER');
    },
    '2027-08-12': async () => {
      events.push('SUBSCRIPTION_EXPIRED');
      notes.push('SUBSCRIPTION_EXPIRED');
      expect(await me()).toMatchObject({ subscriptionTier: 'FREE', status: 'PAST_DUE', documentQuota: 30 });
      expect(await sub()).toMatchObject({ status: 'CANCELLED', end_reason: 'EXPIRED' });
    },
    '2027-09-01': async () => {
      at('2027-09-01T10:00:00');
      const again = (await subscribe(ctx, key, 'STARTER')).json();
      at('2027-09-01T12:00:00');
      await uploadProof(ctx, key, again.payment.id);
      at('2027-09-02T10:00:00');
      await verify(again.payment.id);
      events.push('SUBSCRIPTION_CREATED', 'PAYMENT_REPORTED', 'PAYMENT_VERIFIED', 'SUBSCRIPTION_ACTIVATED');
      notes.push('PAYMENT_VERIFIED');
      expect(await me()).toMatchObject({ subscriptionTier: 'STARTER', status: 'ACTIVE', documentQuota: 300 });
    },
  };
  for (const day of [...renewalDays, ...comebackRenewals]) {
    actions[day] = async () => {
      const renewal = await openRenewal();
      expect(renewal).toMatchObject({ amount: '9.90', total_amount: '11.39' });
      const before = (await sub()).current_period_end;
      at(`${day}T12:00:00`);
      await uploadProof(ctx, key, renewal.id);
      ctx.clock.set(new Date(ec(`${day}T11:00:00`).getTime() + DAY));
      await verify(renewal.id);
      events.push('RENEWAL_DUE', 'PAYMENT_REPORTED', 'PAYMENT_VERIFIED', 'SUBSCRIPTION_RENEWED');
      notes.push('SUBSCRIPTION_RENEWAL_DUE', 'PAYMENT_VERIFIED');
      const renewed = await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_RENEWED');
      expect(renewed).toMatchObject({ paymentId: renewal.id, periodStart: before });
      expect(Date.parse((await sub()).current_period_end)).toBeGreaterThan(Date.parse(before));
    };
  }

  for (let d = ec('2027-01-05T06:10:00').getTime(); d <= ec('2028-01-04T06:10:00').getTime(); d += DAY) {
    ctx.clock.set(new Date(d));
    await runDaily(ctx);
    const local = new Date(d - 5 * 3_600_000).toISOString().slice(0, 10);
    await actions[local]?.();
    await expectLog();
  }

  expect(await sub()).toMatchObject({
    status: 'ACTIVE',
    tier: 'STARTER',
    current_period_start: iso('2028-01-02T10:00:00'),
    current_period_end: iso('2028-02-02T10:00:00'),
  });
  const verifiedPayments = events.filter((e) => e === 'PAYMENT_VERIFIED').length;
  expect(verifiedPayments).toBe(13);
  // one provider invoice per verified payment, each for the amount transferred
  const invoices = await ctx.query<{ total: string }>('select total from documents where tenant_id = $1', [
    provider.tenantId,
  ]);
  expect(invoices).toHaveLength(13);
  expect(invoices.filter((i) => i.total === '11.87')).toHaveLength(1);
});
