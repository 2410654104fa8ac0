import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhookSignature } from '../../src/modules/webhooks/verify-signature.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type HttpsReceiver, type Reply, startHttpsReceiver } from '../helpers/https-receiver.js';
import { authorizedDocument, inTransaction, setTier } from '../helpers/notifications.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';
import { deliveryLog, endpointFor, quotaWarning } from './support.js';

let ctx: TestContext;
const receivers: HttpsReceiver[] = [];
beforeAll(async () => {
  // The receiver listens on loopback, so this context allows private addresses.
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '1500' } });
  // Timestamps and their differences are asserted exactly: only the test moves the clock.
  ctx.clock.freeze();
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

describe('webhook delivery to a real HTTPS receiver', () => {
  it('sends the notification signed; the signature verifies independently and with verifyWebhookSignature', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    const { endpoint, secret } = await endpointFor(ctx, t, rx.url('/hook'));
    const produced = await quotaWarning(ctx, t);
    expect(produced!.deliveryIds).toHaveLength(1);
    await ctx.drainJobs();
    const [req] = await rx.waitFor(1);
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/hook');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.headers['user-agent']).toMatch(/^einvoice-ec-webhooks\//);
    const timestamp = req!.headers['x-service-timestamp'] as string;
    const signature = req!.headers['x-service-signature'] as string;
    expect(timestamp).toMatch(/^\d{10}$/);
    expect(Number(timestamp)).toBe(Math.floor(ctx.clock.now().getTime() / 1000));
    const independent = createHmac('sha256', secret).update(`${timestamp}.${req!.rawBody}`).digest('hex');
    expect(signature).toBe(`sha256=${independent}`);
    expect(
      verifyWebhookSignature({
        secret,
        rawBody: req!.rawBody,
        signatureHeader: signature,
        timestampHeader: timestamp,
        now: ctx.clock.now(),
      }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret: 'whsec_wrong',
        rawBody: req!.rawBody,
        signatureHeader: signature,
        timestampHeader: timestamp,
        now: ctx.clock.now(),
      }),
    ).toBe(false);

    const body = JSON.parse(req!.rawBody);
    expect(Object.keys(body).sort()).toEqual(['data', 'deliveryId', 'event', 'tenantId', 'timestamp']);
    const listed = (
      await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })
    ).json().notifications[0];
    expect(body).toEqual({
      event: 'QUOTA_WARNING',
      deliveryId: produced!.deliveryIds[0],
      timestamp: Math.floor(Date.parse(listed.updatedAt) / 1000),
      tenantId: t.tenantId,
      data: listed,
    });
    expect(req!.headers['x-service-delivery-id']).toBe(body.deliveryId);

    const log = await deliveryLog(ctx, t, endpoint.id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      id: body.deliveryId,
      endpointId: endpoint.id,
      event: 'QUOTA_WARNING',
      notificationId: listed.id,
      status: 'DELIVERED',
      attemptCount: 1,
      nextAttemptAt: null,
      lastError: null,
      failedAt: null,
      attempts: [{ number: 1, statusCode: 200, error: null, success: true }],
    });
    expect(log.deliveries[0].deliveredAt).not.toBeNull();
  });

  it('also signs by Standard Webhooks: the official standardwebhooks verifier accepts the delivery', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    const { secret } = await endpointFor(ctx, t, rx.url('/std'));
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    const [req] = await rx.waitFor(1);
    const headers = {
      'webhook-id': req!.headers['webhook-id'] as string,
      'webhook-timestamp': req!.headers['webhook-timestamp'] as string,
      'webhook-signature': req!.headers['webhook-signature'] as string,
    };
    const body = JSON.parse(req!.rawBody);
    // The same delivery id and timestamp as the spec's headers; the spec's signature is still there.
    expect(headers['webhook-id']).toBe(body.deliveryId);
    expect(headers['webhook-timestamp']).toBe(req!.headers['x-service-timestamp']);
    expect(req!.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    // The library checks the timestamp against its own clock: give it the test clock's time.
    vi.useFakeTimers({ toFake: ['Date'], now: ctx.clock.now() });
    try {
      expect(new Webhook(secret).verify(req!.rawBody, headers)).toEqual(body);
      const tampered = req!.rawBody.replace('QUOTA_WARNING', 'QUOTA_WARNINF');
      expect(() => new Webhook(secret).verify(tampered, headers)).toThrow(WebhookVerificationError);
      const other = `whsec_${Buffer.from('another secret of thirty bytes!').toString('base64')}`;
      expect(() => new Webhook(other).verify(req!.rawBody, headers)).toThrow(WebhookVerificationError);
      // Replayed ten minutes later: refused by the library's tolerance (5 min).
      vi.setSystemTime(ctx.clock.now().getTime() + 10 * 60_000);
      expect(() => new Webhook(secret).verify(req!.rawBody, headers)).toThrow(WebhookVerificationError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries a failing receiver at +30 s and +2 min, exactly three attempts, then FAILED', async () => {
    const rx = await receiver(() => ({ status: 500, body: 'boom' }));
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(1);
    let [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d).toMatchObject({ status: 'PENDING', attemptCount: 1, lastError: 'HTTP 500' });
    expect(Date.parse(d.nextAttemptAt) - Date.parse(d.attempts[0].startedAt)).toBe(30_000);

    // A retry's job time is the database's now() plus the delay: the steps short of it leave a
    // margin (10 s, 20 s) that real time passing on a loaded machine cannot eat.
    await ctx.advance(20_000);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(1);
    await ctx.advance(10_000);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(2);
    await ctx.advance(100_000);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(2);
    await ctx.advance(20_000);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(3);
    await ctx.advance(3_600_000);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(3);

    [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d).toMatchObject({
      status: 'FAILED',
      attemptCount: 3,
      nextAttemptAt: null,
      lastError: 'HTTP 500',
    });
    expect(
      d.attempts.map((a: { number: number; statusCode: number; success: boolean; error: string }) => [
        a.number,
        a.statusCode,
        a.success,
        a.error,
      ]),
    ).toEqual([
      [1, 500, false, 'HTTP 500'],
      [2, 500, false, 'HTTP 500'],
      [3, 500, false, 'HTTP 500'],
    ]);
    const started = d.attempts.map((a: { startedAt: string }) => Date.parse(a.startedAt));
    expect(started[1] - started[0]).toBeGreaterThanOrEqual(30_000);
    expect(started[1] - started[0]).toBeLessThan(32_000);
    expect(started[2] - started[1]).toBeGreaterThanOrEqual(120_000);
    expect(started[2] - started[1]).toBeLessThan(122_000);
    // Same delivery, same bytes; each attempt signed at its own sending time.
    expect(new Set(rx.requests.map((r) => r.rawBody)).size).toBe(1);
    expect(new Set(rx.requests.map((r) => JSON.parse(r.rawBody).deliveryId))).toEqual(new Set([d.id]));
    const stamps = rx.requests.map((r) => Number(r.headers['x-service-timestamp']));
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(30);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(120);
  });

  it('counts a 302 as a failure and never follows it', async () => {
    const rx = await receiver((r) =>
      r.path === '/hook' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url('/hook'));
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    await ctx.advance(30_000);
    await ctx.drainJobs();
    expect(rx.requests.map((r) => r.path)).toEqual(['/hook', '/hook']);
    const [d] = (await deliveryLog(ctx, t, endpoint.id)).deliveries;
    expect(d.status).toBe('PENDING');
    expect(d.attempts[0]).toMatchObject({
      statusCode: 302,
      success: false,
      error: 'redirect not followed (HTTP 302 to /elsewhere)',
    });
  });

  it('fires an aggregated DOCUMENT_AUTHORIZED row again on each update, with new deliveryIds, to matching endpoints only', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    await setTier(ctx, t.tenantId, 'STARTER');
    await endpointFor(ctx, t, rx.url('/all'));
    await endpointFor(ctx, t, rx.url('/quota-only'), ['QUOTA_WARNING']);
    const ids: string[][] = [];
    for (let n = 1; n <= 3; n++) {
      const r = await inTransaction(ctx, (tx) =>
        ctx.deps.notifications.documentAuthorized(
          tx,
          { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(n) },
          ctx.clock.now(),
        ),
      );
      ids.push(r.deliveryIds);
      ctx.clock.advance(10_000);
    }
    await ctx.drainJobs();
    const got = await rx.waitFor(3);
    expect(got.every((r) => r.path === '/all')).toBe(true);
    const bodies = got
      .map((r) => JSON.parse(r.rawBody))
      .sort((a, b) => a.data.metadata.count - b.data.metadata.count);
    expect(bodies.map((b) => b.data.metadata.count)).toEqual([1, 2, 3]);
    expect(new Set(bodies.map((b) => b.data.id)).size).toBe(1);
    expect(bodies.map((b) => b.deliveryId)).toEqual(ids.map((i) => i[0]));
    expect(new Set(bodies.map((b) => b.deliveryId)).size).toBe(3);
    expect(bodies.every((b) => b.event === 'DOCUMENT_AUTHORIZED')).toBe(true);
    expect(bodies[2].timestamp - bodies[0].timestamp).toBe(20);

    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    const quota = await rx.waitFor(2, (r) => JSON.parse(r.rawBody).event === 'QUOTA_WARNING');
    expect(quota.map((r) => r.path).sort()).toEqual(['/all', '/quota-only']);
  });

  it('keeps sending webhooks for types hidden IN_APP', async () => {
    const rx = await receiver();
    const t = await verifiedTenant(ctx);
    await endpointFor(ctx, t, rx.url());
    await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/notifications/preferences',
      headers: bearer(t.apiKey),
      payload: { preferences: [{ type: 'QUOTA_WARNING', channel: 'IN_APP', enabled: false }] },
    });
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    expect(await rx.waitFor(1)).toHaveLength(1);
  });
});
