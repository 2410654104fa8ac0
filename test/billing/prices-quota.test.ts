import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activeSubscription,
  emailsOf,
  mySubscriptions,
  notificationsOf,
  runDaily,
  setProduction,
  subscribe,
  webKey,
} from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, invoiceBody } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/** Announced price changes and the quota period of paying tenants. */
let ctx: TestContext;
const ec = (local: string) => new Date(`${local}-05:00`);
const START = ec('2027-03-01T10:00:00');
const at = (day: string) => ctx.clock.set(ec(`${day}T06:10:00`));

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.freeze();
});
afterAll(async () => ctx?.close());
beforeEach(() => ctx.clock.set(START));

const announce = (
  input: Partial<{ tier: string; billingInterval: string; price: string; effectiveAt: Date }>,
) =>
  ctx.deps.billing.priceChanges.announce({
    tier: 'STARTER',
    billingInterval: 'MONTHLY',
    price: '12.90',
    effectiveAt: ec('2027-04-15T00:00:00'),
    ...input,
  });
const priceNotes = async (t: RegisteredTenant) =>
  (await notificationsOf(ctx, t.tenantId)).filter((n) => n.type === 'PRICE_CHANGE_ANNOUNCED');

describe('price changes', () => {
  it('tells affected tenants, keeps the old price for renewals due before the date, applies the new one after', async () => {
    const a = await verifiedTenant(ctx);
    const sa = await activeSubscription(ctx, a, 'STARTER'); // period ends 1 April
    const b = await verifiedTenant(ctx);
    await activeSubscription(ctx, b, 'GROWTH');
    const c = await verifiedTenant(ctx);
    await activeSubscription(ctx, c, 'STARTER', 'YEARLY');
    at('2027-03-10');
    await expect(announce({ effectiveAt: ec('2027-04-08T00:00:00') })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const { priceChange, notified } = await announce({});
    expect(notified).toBe(1);
    expect(priceChange).toMatchObject({
      tier: 'STARTER',
      billingInterval: 'MONTHLY',
      previousPrice: '9.90',
      newPrice: '12.90',
    });
    await expect(announce({ price: '13.90' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const notes = await priceNotes(a);
    expect(notes).toEqual([
      expect.objectContaining({
        severity: 'INFO',
        metadata: {
          tierPriceId: priceChange.id,
          tier: 'STARTER',
          billingInterval: 'MONTHLY',
          previousPriceUsd: '9.90',
          newPriceUsd: '12.90',
          effectiveAt: ec('2027-04-15T00:00:00').toISOString(),
        },
      }),
    ]);
    expect((await emailsOf(ctx, a.tenantId)).at(-1)!.body_text).toContain('Este aviso es obligatorio');
    expect(await priceNotes(b)).toEqual([]);
    expect(await priceNotes(c)).toEqual([]);
    const tiers = (await ctx.app.inject({ method: 'GET', url: '/v1/tiers' })).json().tiers;
    expect(tiers[1]).toMatchObject({
      monthlyPrice: '9.90',
      upcomingPrices: [
        {
          id: priceChange.id,
          billingInterval: 'MONTHLY',
          price: '12.90',
          effectiveAt: priceChange.effectiveAt,
        },
      ],
    });

    // a tenant subscribing during the notice window is told by the daily job, once
    const d = await verifiedTenant(ctx);
    await activeSubscription(ctx, d, 'STARTER');
    at('2027-03-11');
    await runDaily(ctx);
    await runDaily(ctx);
    expect(await priceNotes(d)).toHaveLength(1);
    expect(await priceNotes(a)).toHaveLength(1);

    at('2027-03-25'); // renewal of the period starting 1 April: before the effective date
    await runDaily(ctx);
    expect((await mySubscriptions(ctx, sa.key))[0]!.payments[0]).toMatchObject({
      purpose: 'RENEWAL',
      amount: '9.90',
    });
    at('2027-04-15');
    await runDaily(ctx);
    const after = (await ctx.app.inject({ method: 'GET', url: '/v1/tiers' })).json().tiers[1];
    expect(after).toMatchObject({ monthlyPrice: '12.90', upcomingPrices: [] });
    const e = await verifiedTenant(ctx);
    expect((await subscribe(ctx, await webKey(ctx, e), 'STARTER')).json().payment.amount).toBe('12.90');
  });

  it('refuses an unknown tier, FREE, a bad interval or price', async () => {
    await expect(announce({ tier: 'FREE' })).rejects.toMatchObject({ code: 'INVALID_TIER' });
    await expect(announce({ billingInterval: 'WEEKLY' })).rejects.toMatchObject({
      code: 'INVALID_BILLING_INTERVAL',
    });
    for (const price of ['0', '-1', '12.999', 'abc'])
      await expect(announce({ tier: 'BUSINESS', price })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
  });
});

describe('quota period', () => {
  const resolve = (tenantId: string) =>
    ctx.deps.quotaHooks.resolvePeriod(ctx.deps.db, tenantId, ctx.clock.now());

  it('is the calendar month for FREE tenants', async () => {
    const t = await verifiedTenant(ctx);
    expect(await resolve(t.tenantId)).toEqual({
      key: '2027-03',
      quota: 30,
      startsAt: ec('2027-03-01T00:00:00'),
      endsAt: ec('2027-04-01T00:00:00'),
    });
  });

  it('is the subscription’s billing period for paying tenants, keyed by its start', async () => {
    const t = await verifiedTenant(ctx);
    await setProduction(ctx, t.tenantId);
    await activeSubscription(ctx, t, 'STARTER');
    expect(await resolve(t.tenantId)).toEqual({
      key: START.toISOString(),
      quota: 300,
      startsAt: START,
      endsAt: ec('2027-04-01T10:00:00'),
    });
    const prod = await fixtureKey(ctx, t, ['documents:write', 'documents:read'], {
      environment: 'production',
    });
    for (let i = 0; i < 2; i++)
      expect((await createDocument(ctx, { ...t, apiKey: prod }, invoiceBody())).statusCode).toBe(201);
    const me = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })).json()
        .tenant;
    expect(await me()).toMatchObject({ documentCount: 2, documentQuota: 300 });
    // the next period begins at the period end's instant, before any job has run
    ctx.clock.set(ec('2027-04-01T10:00:00'));
    expect(await resolve(t.tenantId)).toEqual({
      key: ec('2027-04-01T10:00:00').toISOString(),
      quota: 300,
      startsAt: ec('2027-04-01T10:00:00'),
      endsAt: ec('2027-05-01T10:00:00'),
    });
    expect((await me()).documentCount).toBe(0);
    ctx.clock.set(ec('2027-04-01T09:59:59'));
    expect((await me()).documentCount).toBe(2);
  });
});
