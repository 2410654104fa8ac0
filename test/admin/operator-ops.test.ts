import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, lastEvent, operator } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';

/** The operator API on accounts, agreements, prices and jobs (payments: operator-api.test.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
});
afterAll(async () => ctx?.close());

describe('tenants', () => {
  it('searches by email, RUC and status', async () => {
    const t = await verifiedTenant(ctx, { businessName: 'Panadería La Espiga' });
    const byEmail = (
      await operator(ctx, 'GET', `/tenants?q=${encodeURIComponent(t.email.toUpperCase())}`)
    ).json().tenants;
    expect(byEmail).toEqual([
      expect.objectContaining({
        id: t.tenantId,
        email: t.email,
        ruc: t.ruc,
        businessName: 'Panadería La Espiga',
        status: 'ACTIVE',
        emailVerified: true,
      }),
    ]);
    expect(
      (await operator(ctx, 'GET', `/tenants?q=${t.ruc.slice(0, 12)}`))
        .json()
        .tenants.map((x: { id: string }) => x.id),
    ).toContain(t.tenantId);
    expect(
      (await operator(ctx, 'GET', `/tenants?q=espiga`)).json().tenants.map((x: { id: string }) => x.id),
    ).toEqual([t.tenantId]);
    expect((await operator(ctx, 'GET', '/tenants?q=%25')).json().tenants).toEqual([]);
    const suspended = (await operator(ctx, 'GET', '/tenants?status=SUSPENDED')).json().tenants;
    expect(suspended.every((x: { status: string }) => x.status === 'SUSPENDED')).toBe(true);
    expect((await operator(ctx, 'GET', `/tenants/${t.tenantId}`)).json().tenant.id).toBe(t.tenantId);
    expect((await operator(ctx, 'GET', '/tenants/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('suspends with a reason code and reinstates the previous status, with STATUS_CHANGED events', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(`update tenants set status = 'PAST_DUE' where id = $1`, [t.tenantId]);
    const bad = await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, { reasonCode: 'LATE' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const res = await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, {
      reasonCode: 'UNPAID_BALANCE',
      note: 'two months',
    });
    expect(res.json().tenant).toMatchObject({ status: 'SUSPENDED', suspensionReasonCode: 'UNPAID_BALANCE' });
    expect(await lastEvent(ctx, t.tenantId, 'STATUS_CHANGED')).toEqual({
      from: 'PAST_DUE',
      to: 'SUSPENDED',
      reasonCode: 'UNPAID_BALANCE',
      note: 'two months',
    });
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })
    ).json().tenant;
    expect(me).toMatchObject({ status: 'SUSPENDED', suspensionReasonCode: 'UNPAID_BALANCE' });
    expect(
      (await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, { reasonCode: 'OTHER' })).statusCode,
    ).toBe(409);
    const back = await operator(ctx, 'POST', `/tenants/${t.tenantId}/reinstate`, {});
    expect(back.json().tenant).toMatchObject({ status: 'PAST_DUE', suspensionReasonCode: null });
    expect(await lastEvent(ctx, t.tenantId, 'STATUS_CHANGED')).toMatchObject({
      from: 'SUSPENDED',
      to: 'PAST_DUE',
    });
    expect((await operator(ctx, 'POST', `/tenants/${t.tenantId}/reinstate`, {})).statusCode).toBe(409);
  });
});

describe('agreements, prices and jobs', () => {
  it('publishes an agreement version', async () => {
    const res = await operator(ctx, 'POST', '/agreements', {
      documentType: 'DPA',
      version: '1.1',
      content: 'DPA 1.1 {{businessName}}',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().agreement).toMatchObject({ documentType: 'DPA', version: '1.1' });
    expect(
      (await operator(ctx, 'POST', '/agreements', { documentType: 'DPA', version: '1.1', content: 'again' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await operator(ctx, 'POST', '/agreements', { documentType: 'EULA', version: '1', content: 'x' }))
        .statusCode,
    ).toBe(400);
    const all = (await operator(ctx, 'GET', '/agreements')).json().agreements;
    expect(
      all
        .filter((a: { documentType: string }) => a.documentType === 'DPA')
        .map((a: { version: string }) => a.version),
    ).toEqual(['1.1', '1.0']);
  });

  it('announces a price change at least 30 days ahead', async () => {
    const day = (d: number) =>
      new Date(ctx.clock.now().getTime() - 5 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);
    const soon = await operator(ctx, 'POST', '/prices', {
      tier: 'GROWTH',
      billingInterval: 'YEARLY',
      price: '329.00',
      effectiveAt: day(29),
    });
    expect([soon.statusCode, soon.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const badDate = await operator(ctx, 'POST', '/prices', {
      tier: 'GROWTH',
      billingInterval: 'YEARLY',
      price: '329.00',
      effectiveAt: '2027-02-30',
    });
    expect(badDate.json().errors).toEqual([expect.objectContaining({ path: 'effectiveAt' })]);
    const ok = await operator(ctx, 'POST', '/prices', {
      tier: 'GROWTH',
      billingInterval: 'YEARLY',
      price: '329.00',
      effectiveAt: day(31),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      priceChange: { tier: 'GROWTH', previousPrice: '299.00', newPrice: '329.00' },
      notified: 0,
    });
    expect((await operator(ctx, 'GET', '/prices')).json().priceChanges[0].id).toBe(ok.json().priceChange.id);
    expect(
      (
        await operator(ctx, 'POST', '/prices', {
          tier: 'FREE',
          billingInterval: 'YEARLY',
          price: '1',
          effectiveAt: day(40),
        })
      ).json().code,
    ).toBe('INVALID_TIER');
  });

  it('lists the jobs and runs one by name now', async () => {
    const jobs = (await operator(ctx, 'GET', '/jobs')).json().jobs;
    expect(jobs).toEqual(
      expect.arrayContaining([
        'billing:daily',
        'billing:renewals',
        'billing:expiry',
        'notifications:cert-expiry-check',
      ]),
    );
    const run = await operator(ctx, 'POST', '/jobs/billing:daily/run');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({
      ok: true,
      job: 'billing:daily',
      ranAt: expect.any(String),
      result: { 'renewals.opened': 0 },
    });
    const cert = await operator(ctx, 'POST', '/jobs/notifications:cert-expiry-check/run');
    expect(cert.json().result).toHaveProperty('checked');
    expect((await operator(ctx, 'POST', '/jobs/nope/run')).statusCode).toBe(404);
  });
});
