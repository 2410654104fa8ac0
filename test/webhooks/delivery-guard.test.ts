import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/modules/webhooks/verify-signature.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { writeTestTls } from '../helpers/tls.js';
import { waitFor } from '../helpers/wait.js';
import { deliveryLog, endpointFor, quotaWarning } from './support.js';

const receivers: HttpsReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function firstAttempt(ctx: TestContext, t: RegisteredTenant, endpointId: string) {
  return (await deliveryLog(ctx, t, endpointId)).deliveries[0].attempts[0];
}

describe('with WEBHOOK_ALLOW_PRIVATE=false (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it.each([
    [
      'a name resolving to loopback',
      (port: number) => `https://localhost:${port}/hook`,
      /^refused: localhost resolves to (127\.0\.0\.1|::1), a private/,
    ],
    [
      'a literal IPv4 loopback address',
      (port: number) => `https://127.0.0.1:${port}/hook`,
      /^refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1/,
    ],
    [
      'a literal IPv6 loopback address',
      (port: number) => `https://[::1]:${port}/hook`,
      /^refused: ::1 resolves to ::1/,
    ],
    [
      'a link-local address',
      () => 'https://169.254.169.254/latest/meta-data',
      /^refused: 169\.254\.169\.254/,
    ],
  ])('refuses %s at delivery time, recording the attempt as failed', async (_n, url, error) => {
    const rx = await startHttpsReceiver();
    receivers.push(rx);
    const t = await verifiedTenant(ctx);
    const port = Number(new URL(rx.url()).port);
    const { endpoint } = await endpointFor(ctx, t, url(port));
    await quotaWarning(ctx, t);
    await ctx.drainJobs();
    expect(rx.requests).toHaveLength(0);
    const attempt = await firstAttempt(ctx, t, endpoint.id);
    expect(attempt).toMatchObject({ number: 1, statusCode: null, success: false });
    expect(attempt.error).toMatch(error);
  });
});

describe('TLS and the real worker', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await ctx.startWorker();
  });
  afterAll(async () => ctx?.close());

  it('delivers with the background worker running, no job draining', async () => {
    const rx = await startHttpsReceiver();
    receivers.push(rx);
    const t = await verifiedTenant(ctx);
    const { secret } = await endpointFor(ctx, t, rx.url());
    const produced = await quotaWarning(ctx, t);
    const [req] = await rx.waitFor(1);
    expect(JSON.parse(req!.rawBody).deliveryId).toBe(produced!.deliveryIds[0]);
    expect(
      verifyWebhookSignature({
        secret,
        rawBody: req!.rawBody,
        signatureHeader: req!.headers['x-service-signature'] as string,
        timestampHeader: req!.headers['x-service-timestamp'] as string,
        now: ctx.clock.now(),
      }),
    ).toBe(true);
  });

  it('verifies the receiver certificate: one from an unknown authority fails the attempt', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-untrusted-'));
    const files = writeTestTls(dir);
    const rx = await startHttpsReceiver({
      cert: readFileSync(files.certFile, 'utf8'),
      key: readFileSync(files.keyFile, 'utf8'),
    });
    rmSync(dir, { recursive: true, force: true });
    receivers.push(rx);
    const t = await verifiedTenant(ctx);
    const { endpoint } = await endpointFor(ctx, t, rx.url());
    await quotaWarning(ctx, t);
    const attempt = await waitFor('the first attempt', () => firstAttempt(ctx, t, endpoint.id));
    expect(attempt).toMatchObject({ statusCode: null, success: false });
    expect(attempt.error).toMatch(/certificate/i);
    expect(rx.requests).toHaveLength(0);
  });
});
