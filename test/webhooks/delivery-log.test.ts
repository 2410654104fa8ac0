import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/modules/webhooks/verify-signature.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type HttpsReceiver, type Reply, startHttpsReceiver } from '../helpers/https-receiver.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';
import { deliveryLog, endpointFor, quotaWarning } from './support.js';

let ctx: TestContext;
const receivers: HttpsReceiver[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '1500' } });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(reply?: (r: { path: string }) => Reply) {
  const r = await startHttpsReceiver();
  if (reply) r.respond(reply);
  receivers.push(r);
  return r;
}

describe('delivery log, manual retries, test events, deactivation and time-outs', () => {
  it('retries a FAILED delivery on request with a fresh round; 409 while in progress or once delivered', async () => {
    let answer = 500;
    const rx = await receiver(() => ({ status: answer }));
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    await quotaWarning(ctx, t);
    const retry = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/v1/webhooks/${endpoint.id}/deliveries/${id}/retry`,
        headers: bearer(t.apiKey),
      });
    await ctx.drainJobs();
    const [pending] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    const busy = await retry(pending.id);
    expect([busy.statusCode, busy.json().code]).toEqual([409, 'CONFLICT']);
    for (const ms of [30_000, 120_000]) {
      await ctx.advance(ms);
      await ctx.drainJobs();
    }
    expect((await deliveryLog(ctx, t, endpoint.id)).deliveries[0].status).toBe('FAILED');
    const res = await retry(pending.id);
    expect(res.statusCode).toBe(202);
    expect(res.json().delivery).toMatchObject({
      id: pending.id,
      status: 'PENDING',
      attemptCount: 3,
      failedAt: null,
    });
    await ctx.drainJobs(); // attempt 4 fails: the new round continues at +30 s
    expect(rx.requests).toHaveLength(4);
    answer = 200;
    await ctx.advance(30_000);
    await ctx.drainJobs();
    const [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d.status).toBe('DELIVERED');
    expect(d.attempts.map((a: { number: number }) => a.number)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rx.requests.map((r) => JSON.parse(r.rawBody).deliveryId)).size).toBe(1);
    const done = await retry(pending.id);
    expect([done.statusCode, done.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('sends a signed WEBHOOK_TEST event through the same machinery', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    const { endpoint, secret } = await endpointFor(ctx, t, rx.url());
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/webhooks/${endpoint.id}/test`,
      headers: bearer(t.apiKey),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      ok: true,
      delivery: { event: 'WEBHOOK_TEST', status: 'PENDING', notificationId: null, attempts: [] },
    });
    await ctx.drainJobs();
    const [req] = await rx.waitFor(1);
    const body = JSON.parse(req!.rawBody);
    expect(body).toMatchObject({
      event: 'WEBHOOK_TEST',
      deliveryId: res.json().delivery.id,
      tenantId: t.tenantId,
      data: { type: 'WEBHOOK_TEST', endpointId: endpoint.id },
    });
    expect(body.data.message).toContain('einvoice-ec');
    expect(
      verifyWebhookSignature({
        secret,
        rawBody: req!.rawBody,
        signatureHeader: req!.headers['x-service-signature'] as string,
        timestampHeader: req!.headers['x-service-timestamp'] as string,
        now: ctx.clock.now(),
      }),
    ).toBe(true);
    await ctx.app.inject({ method: 'DELETE', url: `/v1/webhooks/${endpoint.id}`, headers: bearer(t.apiKey) });
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: `/v1/webhooks/${endpoint.id}/test`,
      headers: bearer(t.apiKey),
    });
    expect([inactive.statusCode, inactive.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('stops the retries of an endpoint deactivated meanwhile', async () => {
    const rx = await receiver(() => ({ status: 503 }));
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    await ctx.app.inject({ method: 'DELETE', url: `/v1/webhooks/${endpoint.id}`, headers: bearer(t.apiKey) });
    await ctx.advance(30_000);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(1);
    const [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d).toMatchObject({ status: 'FAILED', attemptCount: 1, lastError: 'endpoint deactivated' });
  });

  it('gives up on a receiver that does not answer within WEBHOOK_TIMEOUT_MS', async () => {
    const rx = await receiver(() => ({ status: 200, hang: true }));
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    const [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d.attempts[0]).toMatchObject({
      statusCode: null,
      success: false,
      error: 'timed out after 1500 ms',
    });
    expect(d.attempts[0].durationMs).toBeGreaterThanOrEqual(1400);
  });

  it('pages the delivery log newest first', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    const ids: string[] = [];
    for (const period of ['a', 'b', 'c']) ids.push((await quotaWarning(ctx, t, period))!.deliveryIds[0]!);
    const first = await deliveryLog(ctx, t, endpoint.id, '?limit=2');
    expect(first.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBe(ids[1]);
    const second = await deliveryLog(ctx, t, endpoint.id, `?limit=2&before=${first.nextCursor}`);
    expect(second.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('records an attempt that cannot be signed (sealed secret unreadable) instead of failing the job', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    await ctx.query(`update webhook_endpoints set secret_sealed = '\\x01' where id = $1`, [endpoint.id]);
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(0);
    const [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d.attempts[0]).toMatchObject({ number: 1, statusCode: null, success: false });
    expect(d.attempts[0].error).toMatch(/^signing secret cannot be opened/);
  });

  it('delivers to the web app internal endpoint too, which the API never shows', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url('/internal'));
    await ctx.query('update webhook_endpoints set internal = true where id = $1', [endpoint.id]);
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    expect((await rx.waitFor(1))[0]!.path).toBe('/internal');
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/webhooks', headers: bearer(t.apiKey) });
    expect(list.json()).toMatchObject({ endpoints: [], limit: { used: 0 } });
  });
});
