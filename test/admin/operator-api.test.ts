import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  adminEnv,
  lastEvent,
  operator,
  PNG,
  subscribe,
  uploadProof,
  webKey,
} from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
});
afterAll(async () => ctx?.close());

async function pending() {
  const t = await verifiedTenant(ctx);
  const key = await webKey(ctx, t);
  const res = await subscribe(ctx, key, 'STARTER');
  return { t, key, paymentId: res.json().payment.id as string };
}

describe('operator authentication', () => {
  it('401 UNAUTHORIZED without a token, with a wrong one, or with an API key; 200 with the right one', async () => {
    const t = await verifiedTenant(ctx);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token',
      `Bearer ${ADMIN_TOKEN}x`,
      `Basic ${ADMIN_TOKEN}`,
      `Bearer ${t.apiKey}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/admin/v1/payments',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
        title: 'Unauthorized',
        instance: '/admin/v1/payments',
      });
    }
    expect((await operator(ctx, 'GET', '/payments')).statusCode).toBe(200);
    // an operator token is no API key
    const notAKey = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: bearer(ADMIN_TOKEN),
    });
    expect(notAKey.statusCode).toBe(401);
  });

  it('answers 404 on every operator route when ADMIN_TOKEN is not set', async () => {
    const disabled = await createTestContext();
    try {
      for (const [method, url] of [
        ['GET', '/admin/v1/payments'],
        ['POST', '/admin/v1/jobs/billing:daily/run'],
      ] as const) {
        const res = await disabled.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
      }
    } finally {
      await disabled.close();
    }
  });

  it('documents the routes in OpenAPI under the Operator tag', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(spec.paths['/admin/v1/payments/{id}/verify'].post.tags).toEqual(['Operator']);
    expect(spec.paths['/admin/v1/tenants/{id}/suspend'].post.requestBody).toBeDefined();
    expect(spec.paths['/v1/tiers'].get).toBeDefined();
    expect(spec.paths['/v1/payments/{id}/proof'].patch).toBeDefined();
  });
});

describe('payments', () => {
  it('lists REPORTED first, filters by status, and shows one payment with its proofs and file', async () => {
    const a = await pending();
    const b = await pending();
    const proof = (await uploadProof(ctx, b.key, b.paymentId, PNG, 'b.png')).json().proof;
    const list = await operator(ctx, 'GET', '/payments');
    expect(list.statusCode).toBe(200);
    expect(list.json().payments[0]).toMatchObject({
      id: b.paymentId,
      status: 'REPORTED',
      tenant_id: b.t.tenantId,
      tenant_email: b.t.email,
      tenant_ruc: b.t.ruc,
      subscription_status: 'PENDING_PAYMENT',
      plan_tier: 'STARTER',
      total_amount: '11.39',
      proof_count: 1,
    });
    const onlyPending = (await operator(ctx, 'GET', '/payments?status=PENDING')).json().payments;
    expect(onlyPending.map((p: { id: string }) => p.id)).toContain(a.paymentId);
    expect(onlyPending.every((p: { status: string }) => p.status === 'PENDING')).toBe(true);
    const byTenant = (await operator(ctx, 'GET', `/payments?tenantId=${a.t.tenantId}`)).json().payments;
    expect(byTenant.map((p: { id: string }) => p.id)).toEqual([a.paymentId]);
    expect((await operator(ctx, 'GET', '/payments?status=PAID')).json().code).toBe('VALIDATION_FAILED');

    const one = await operator(ctx, 'GET', `/payments/${b.paymentId}`);
    expect(one.json()).toMatchObject({ ok: true, payment: { id: b.paymentId }, proofs: [proof] });
    const file = await operator(ctx, 'GET', `/payments/${b.paymentId}/proofs/${proof.id}`);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await operator(ctx, 'GET', `/payments/${a.paymentId}/proofs/${proof.id}`)).statusCode).toBe(404);
    expect((await operator(ctx, 'GET', '/payments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('verifies, rejects with a reason and refunds; conflicts are 409', async () => {
    const a = await pending();
    await uploadProof(ctx, a.key, a.paymentId);
    const bad = await operator(ctx, 'POST', `/payments/${a.paymentId}/reject`, { reasonCode: 'BLURRY' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const rejected = await operator(ctx, 'POST', `/payments/${a.paymentId}/reject`, {
      reasonCode: 'ILLEGIBLE_PROOF',
      note: 'blurred',
    });
    expect(rejected.json()).toMatchObject({
      payment: { status: 'REJECTED', rejection_reason_code: 'ILLEGIBLE_PROOF' },
    });
    const verified = await operator(ctx, 'POST', `/payments/${a.paymentId}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      payment: { status: 'VERIFIED' },
      subscription: { status: 'ACTIVE', tier: 'STARTER' },
    });
    expect((await operator(ctx, 'POST', `/payments/${a.paymentId}/verify`)).json().code).toBe('CONFLICT');
    expect(
      (await operator(ctx, 'POST', `/payments/${a.paymentId}/reject`, { reasonCode: 'OTHER' })).statusCode,
    ).toBe(409);
    const refunded = await operator(ctx, 'POST', `/payments/${a.paymentId}/refund`, {});
    expect(refunded.json()).toMatchObject({
      payment: { status: 'REFUNDED' },
      subscription: { status: 'CANCELLED' },
    });
    expect(await lastEvent(ctx, a.t.tenantId, 'PAYMENT_REFUNDED')).toMatchObject({ restoredTier: 'FREE' });
    expect((await operator(ctx, 'POST', `/payments/${a.paymentId}/refund`, {})).statusCode).toBe(409);
  });
});
