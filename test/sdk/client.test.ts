import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreateDocumentBody,
  EinvoiceApiError,
  EinvoiceAuthenticationError,
  EinvoiceClient,
  EinvoiceNotFoundError,
  EinvoicePermissionError,
  EinvoiceValidationError,
  HttpCore,
  type Transport,
  verifyWebhook,
  WebhookVerificationError,
} from '../../sdk/src/index.js';
import { DOCUMENT_EXAMPLES } from '../../src/modules/documents/documents.examples.js';
import { authorize } from '../exports/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/** The SDK against the real service, listening on a port: every resource, pages, errors, webhooks. */
let ctx: TestContext;
let baseUrl: string;
let tenant: RegisteredTenant;
let client: EinvoiceClient;
let rx: HttpsReceiver;

const invoice = () => structuredClone(DOCUMENT_EXAMPLES['01']!.value) as CreateDocumentBody;
const creditNote = () => structuredClone(DOCUMENT_EXAMPLES['04']!.value) as CreateDocumentBody;

beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '3000' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  tenant = await verifiedTenant(ctx);
  // BUSINESS: room for 250 documents, more keys and endpoints (plans are billing's tests).
  await ctx.query(`update tenants set subscription_tier = 'BUSINESS' where id = $1`, [tenant.tenantId]);
  client = new EinvoiceClient({ apiKey: tenant.apiKey, baseUrl, issuerId: tenant.issuerId });
  rx = await startHttpsReceiver();
});
afterAll(async () => {
  await rx?.close();
  await ctx?.close();
});

// Webhooks first: drainJobs would otherwise also run the submissions of the 250 documents.
describe('account resources', () => {
  it('tenants.me, keys, issuers and notifications', async () => {
    const me = await client.tenants.me();
    expect(me).toMatchObject({ id: tenant.tenantId, subscriptionTier: 'BUSINESS', sandbox: true });

    const minted = await client.keys.create({ label: 'SDK', scopes: ['documents:read'] });
    expect(minted.apiKey).toMatch(/^eik_test_/);
    const listed = await client.keys.list();
    expect(listed.keys.map((k) => k.id)).toContain(minted.id);
    const usage = await client.keys.usage(minted.id);
    expect(usage.ok).toBe(true);
    await client.keys.revoke(minted.id);
    expect((await client.keys.list()).keys.map((k) => k.id)).not.toContain(minted.id);

    const issuers = await client.issuers.list();
    expect(issuers.issuers.map((i) => i.id)).toContain(tenant.issuerId);
    const issuer = await client.issuers.get(tenant.issuerId);
    expect(issuer.issuer.ruc).toBe(tenant.ruc);
    const types = await client.issuers.documentTypes(tenant.issuerId);
    expect(types.ok).toBe(true);
    const sequentials = await client.issuers.sequentials(tenant.issuerId);
    expect(sequentials.ok).toBe(true);

    const notifications = await client.notifications.list();
    expect(Array.isArray(notifications.notifications)).toBe(true);
    await client.notifications.updatePreferences({
      preferences: [{ type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false }],
    });
    const prefs = await client.notifications.preferences();
    expect(JSON.stringify(prefs)).toContain('QUOTA_WARNING');
  });

  it('webhooks: register, change, send a test event, and verify it by both signature schemes', async () => {
    const { endpoint, secret } = await client.webhooks.create({
      url: rx.url('/sdk-hook'),
      eventTypes: ['DOCUMENT_AUTHORIZED'],
    });
    expect(secret).toMatch(/^whsec_/);
    expect((await client.webhooks.list()).endpoints.map((e) => e.id)).toContain(endpoint.id);
    const changed = await client.webhooks.update(endpoint.id, {
      eventTypes: ['DOCUMENT_AUTHORIZED', 'QUOTA_WARNING'],
    });
    expect(changed.endpoint.eventTypes).toEqual(['DOCUMENT_AUTHORIZED', 'QUOTA_WARNING']);
    expect((await client.webhooks.get(endpoint.id)).endpoint.id).toBe(endpoint.id);

    await client.webhooks.test(endpoint.id);
    await ctx.drainJobs();
    const [req] = await rx.waitFor(1, (r) => r.path === '/sdk-hook');
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const headers = req!.headers;

    const both = await verifyWebhook<{ event: string }>({ payload: req!.rawBody, headers, secret, now });
    expect(both.scheme).toBe('standard-webhooks');
    expect(both.event.event).toBe('WEBHOOK_TEST');
    const serviceOnly = Object.fromEntries(
      Object.entries(headers).filter(([k]) => !k.startsWith('webhook-')),
    );
    const spec = await verifyWebhook({ payload: req!.rawBody, headers: serviceOnly, secret, now });
    expect(spec.scheme).toBe('x-service-signature');

    await expect(
      verifyWebhook({ payload: req!.rawBody.replace('WEBHOOK_TEST', 'WEBHOOK_TESX'), headers, secret, now }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(
      verifyWebhook({ payload: req!.rawBody, headers: serviceOnly, secret: `${secret}x`, now }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(verifyWebhook({ payload: req!.rawBody, headers, secret, now: now + 600 })).rejects.toThrow(
      'timestamp outside the tolerance',
    );

    const deliveries = await client.webhooks.deliveries(endpoint.id);
    expect(deliveries.deliveries[0]).toMatchObject({ event: 'WEBHOOK_TEST', status: 'DELIVERED' });
    await client.webhooks.delete(endpoint.id);
  });
});

// The core the web app shares (web/src/api.ts): no key of its own, a transport per request.
describe('the HTTP core', () => {
  it('sends no key of its own; a transport per request; 204 and Blob answers', async () => {
    expect(() => new EinvoiceClient({ apiKey: '', baseUrl })).toThrow('apiKey is required');
    const core = new HttpCore({ baseUrl, maxRetries: 0, timeoutMs: null });
    const anonymous = await core.request({ method: 'GET', path: '/v1/tenants/me' }).catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(EinvoiceAuthenticationError);

    const seen: string[] = [];
    const withKey: Transport = (url, init) => {
      seen.push(`${init.method} ${new URL(url).pathname}`);
      const headers = {
        ...(init.headers as Record<string, string>),
        authorization: `Bearer ${tenant.apiKey}`,
      };
      return fetch(url, { ...init, headers });
    };
    const me = await core.request<{ tenant: { id: string } }>({
      method: 'GET',
      path: '/v1/tenants/me',
      transport: withKey,
    });
    expect(me.tenant.id).toBe(tenant.tenantId);
    const customer = await client.customers.create({
      idType: '05',
      identification: '1710034065',
      name: 'Core',
    });
    const path = `/v1/customers/${customer.id}`;
    await expect(core.request({ method: 'DELETE', path, transport: withKey })).resolves.toBeUndefined();
    expect(seen).toEqual(['GET /v1/tenants/me', `DELETE ${path}`]);

    const doc = await core.request<Blob>({ method: 'GET', path: '/v1/openapi.json', as: 'blob' });
    expect(doc).toBeInstanceOf(Blob);
    expect(doc.type).toMatch(/^application\/json/);
    expect(JSON.parse(await doc.text()).openapi).toMatch(/^3\./);
  });
});

describe('documents', () => {
  it('creates an invoice and a credit note, reads them back, their RIDE and XML', async () => {
    const created = await client.documents.create(invoice());
    expect(created).toMatchObject({ documentType: '01', status: 'SIGNED', total: '123.50' });
    expect(created.accessKey).toMatch(/^\d{49}$/);
    const note = await client.documents.create(creditNote());
    expect(note).toMatchObject({ documentType: '04', total: '57.50' });

    const doc = await client.documents.get(created.accessKey);
    expect(doc.accessKey).toBe(created.accessKey);
    expect(doc.totals?.total).toBe('123.50');
    expect(doc.items?.map((i) => i.mainCode)).toEqual(['SKU-001', 'SKU-002']);

    const pdf = await client.documents.ride(created.accessKey);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const xml = await client.documents.xml(created.accessKey);
    expect(xml).toContain(`<claveAcceso>${created.accessKey}</claveAcceso>`);
    expect(xml).toContain('<ds:Signature');

    const events = await client.documents.events(created.accessKey);
    expect(events.ok).toBe(true);
    const credits = await client.documents.creditNotes(created.accessKey);
    expect(credits.ok).toBe(true);
  });

  it('sends an Idempotency-Key of its own: the same key twice is one document', async () => {
    const a = await client.documents.create(invoice(), { idempotencyKey: 'sdk-order-1' });
    const b = await client.documents.create(invoice(), { idempotencyKey: 'sdk-order-1' });
    expect(b.accessKey).toBe(a.accessKey);
    const c = await client.documents.create(invoice());
    expect(c.accessKey).not.toBe(a.accessKey);
  });

  it('throws typed errors carrying the problem document and the request id', async () => {
    const wrong = invoice() as { items: { taxes: { taxAmount: string }[] }[] };
    wrong.items[0]!.taxes[0]!.taxAmount = '13.49';
    const error = await client.documents.create(wrong as CreateDocumentBody).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EinvoiceValidationError);
    const problem = error as EinvoiceValidationError;
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((e) => e.path)).toContain('items[0].taxes[0].taxAmount');
    expect(problem.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(problem.problem.instance).toBe('/v1/documents');

    const missing = await client.documents.get('1'.repeat(49)).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(EinvoiceNotFoundError);

    // An invoice that is only SIGNED cannot be voided: void is for AUTHORIZED documents.
    const signed = await client.documents.create(invoice());
    const voided = await client.documents
      .void(signed.accessKey, { confirmedSriVoid: true, reason: 'Anulada en el portal del SRI' })
      .catch((e: unknown) => e);
    expect(voided).toBeInstanceOf(EinvoiceApiError);
    expect((voided as EinvoiceApiError).status).toBe(400);
    expect((voided as EinvoiceApiError).code).toBe('DOCUMENT_NOT_AUTHORIZED');

    const narrow = new EinvoiceClient({
      apiKey: await fixtureKey(ctx, tenant, ['documents:read']),
      baseUrl,
      issuerId: tenant.issuerId,
    });
    const denied = await narrow.documents.create(invoice()).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(EinvoicePermissionError);
    expect((denied as EinvoicePermissionError).code).toBe('INSUFFICIENT_SCOPE');
  });

  it('dry run, share link, CSV export and a ZIP export followed to the end', async () => {
    const body = invoice() as { items: { taxes: Record<string, unknown>[] }[] };
    for (const tax of body.items.flatMap((i) => i.taxes)) {
      delete tax.taxableBase;
      delete tax.taxAmount;
    }
    const dry = await client.documents.validate(body);
    expect(dry.valid).toBe(false);
    expect((dry.document as { totals?: { total?: string } }).totals?.total).toBe('123.50');
    const again = await client.documents.validate(dry.correctedBody as Record<string, unknown>);
    expect(again.valid).toBe(true);
    expect(again.errors).toEqual([]);

    const doc = await client.documents.create(dry.correctedBody as CreateDocumentBody);
    await authorize(ctx, doc.accessKey); // the lifecycle has its own tests; this one has no SRI
    expect((await client.documents.get(doc.accessKey)).status).toBe('AUTHORIZED');

    const link = await client.documents.share(doc.accessKey, { expiresIn: 3600 });
    const path = new URL(link.url).pathname;
    expect((await fetch(`${baseUrl}${path}`)).status).toBe(200);
    expect((await client.documents.revokeShare(doc.accessKey)).revoked).toBe(1);
    expect((await fetch(`${baseUrl}${path}`)).status).toBe(404);

    const csv = await client.documents.exportCsv({ sequential: doc.sequential });
    // Decoded text: fetch's decoder drops the BOM the file carries for spreadsheets.
    const [header, row, rest] = csv.split('\r\n');
    expect(header).toContain(';');
    expect(row).toContain(doc.accessKey);
    expect(rest).toBe('');

    const started = await client.exports.create({ from: doc.issueDate, to: doc.issueDate, kind: 'xml' });
    expect(started.status).toBe('QUEUED');
    await ctx.drainJobs();
    const done = await client.exports.waitUntilDone(started.id, { intervalMs: 50, timeoutMs: 10_000 });
    expect(done.progress.done).toBeGreaterThanOrEqual(1);
    const zip = await client.exports.download(started.id);
    expect(Buffer.from(zip.subarray(0, 2)).toString()).toBe('PK');
  });

  it('walks 250 documents page by page with an async iterator', async () => {
    const other = await verifiedTenant(ctx);
    await ctx.query(`update tenants set subscription_tier = 'BUSINESS' where id = $1`, [other.tenantId]);
    const own = new EinvoiceClient({ apiKey: other.apiKey, baseUrl, issuerId: other.issuerId });
    const keys = new Set<string>();
    for (let batch = 0; batch < 25; batch++) {
      const made = await Promise.all(Array.from({ length: 10 }, () => own.documents.create(invoice())));
      for (const d of made) keys.add(d.accessKey);
    }
    expect(keys.size).toBe(250);

    const pages: number[] = [];
    const seen = new Set<string>();
    for await (const page of own.documents.list({ limit: 100 })) {
      pages.push(page.data.length);
      for (const d of page.data) seen.add(d.accessKey);
    }
    expect(pages).toEqual([100, 100, 50]);
    expect(seen).toEqual(keys);

    let count = 0;
    for await (const d of own.documents.list({ limit: 40, documentType: '01' }).items()) {
      expect(keys.has(d.accessKey)).toBe(true);
      count++;
    }
    expect(count).toBe(250);
    const first = await own.documents.list({ limit: 5 }).first();
    expect(first.pagination).toEqual({ total: 250, page: 1, limit: 5 });
  });
});
