import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateDocumentBody, EinvoiceClient, type RetryInfo } from '../../sdk/src/index.js';
import { DOCUMENT_EXAMPLES } from '../../src/modules/documents/documents.examples.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { verifiedTenant } from '../helpers/tenants.js';

/**
 * The SDK's retries against the real service: a creation whose answer is lost on the way (a TCP
 * proxy forwards the request, lets the service create the document, then cuts the connection) is
 * sent again with the same Idempotency-Key; a real 429 of the rate limiter (6 requests per 2 s
 * window) is waited out for its Retry-After.
 */
let ctx: TestContext;
let upstreamPort: number;
let proxy: net.Server;
let proxyPort: number;
/** The next POST /v1/documents reaches the service, and its answer is dropped. */
let dropNextCreate = false;
const sockets = new Set<net.Socket>();

function startProxy(): Promise<void> {
  proxy = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    let dropping = false;
    client.on('data', (chunk) => {
      if (dropNextCreate && chunk.toString('latin1').startsWith('POST /v1/documents ')) {
        dropNextCreate = false;
        dropping = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (dropping) client.destroy();
      else client.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyPort = (proxy.address() as net.AddressInfo).port;
      resolve();
    }),
  );
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_RATE_LIMIT: '6', API_RATE_LIMIT_WINDOW_SECONDS: '2' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  upstreamPort = (ctx.app.server.address() as net.AddressInfo).port;
  await startProxy();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => proxy?.close(resolve));
  await ctx?.close();
});

describe('SDK retries', () => {
  it('sends a creation again after a dropped connection: one document, the same one', async () => {
    const t = await verifiedTenant(ctx);
    const retries: RetryInfo[] = [];
    const client = new EinvoiceClient({
      apiKey: t.apiKey,
      baseUrl: `http://127.0.0.1:${proxyPort}`,
      issuerId: t.issuerId,
      onRetry: (info) => retries.push(info),
    });
    dropNextCreate = true;
    const doc = await client.documents.create(
      structuredClone(DOCUMENT_EXAMPLES['01']!.value) as CreateDocumentBody,
    );
    expect(dropNextCreate).toBe(false);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, status: null, method: 'POST', path: '/v1/documents' });
    const rows = await ctx.query<{ access_key: string }>(
      'select access_key from documents where tenant_id = $1',
      [t.tenantId],
    );
    expect(rows.map((r) => r.access_key)).toEqual([doc.accessKey]);
  });

  it('waits out a 429 for its Retry-After, then succeeds', async () => {
    const t = await verifiedTenant(ctx);
    const retries: RetryInfo[] = [];
    const client = new EinvoiceClient({
      apiKey: t.apiKey,
      baseUrl: `http://127.0.0.1:${upstreamPort}`,
      onRetry: (info) => retries.push(info),
    });
    for (let i = 0; i < 6; i++) await client.tenants.me();
    expect(retries).toEqual([]);
    const started = performance.now();
    const me = await client.tenants.me();
    const waited = performance.now() - started;
    expect(me.id).toBe(t.tenantId);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]).toMatchObject({ status: 429, method: 'GET', path: '/v1/tenants/me' });
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(2000);
    expect(waited).toBeGreaterThanOrEqual(retries[0]!.delayMs);
  });

  it('gives up after maxRetries with the typed 429', async () => {
    const t = await verifiedTenant(ctx);
    const client = new EinvoiceClient({
      apiKey: t.apiKey,
      baseUrl: `http://127.0.0.1:${upstreamPort}`,
      maxRetries: 0,
    });
    for (let i = 0; i < 6; i++) await client.tenants.me();
    const error = await client.tenants.me().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'EinvoiceRateLimitError', status: 429, code: 'TOO_MANY_REQUESTS' });
  });
});
