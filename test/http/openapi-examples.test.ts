import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PART } from '../../src/openapi-examples.js';
import { ADMIN_TOKEN, adminEnv, PDF, PNG, webKey } from '../helpers/billing.js';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type FormValue, multipart } from '../helpers/multipart.js';
import { bearer, latestVerificationToken } from '../helpers/tenants.js';

/**
 * The OpenAPI document as a contract a developer reads: named operations and components, described
 * responses, and examples that are true — each validates against its schema, and each request example
 * is posted as it is and gets the documented (first 2xx) status.
 */
const addFormats = addFormatsModule as unknown as { default: (ajv: Ajv2020) => void };

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document walked by path
type Json = Record<string, any>;
let ctx: TestContext;
let doc: Json;
beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
  doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
afterAll(async () => ctx?.close());

function operations(): { method: string; path: string; op: Json }[] {
  const out: { method: string; path: string; op: Json }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(item as Json)) out.push({ method, path, op });
  return out;
}

describe('the OpenAPI document', () => {
  it('names every operation once, with a camelCase operationId', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(90);
    const ids = ops.map(({ op }) => op.operationId);
    for (const [i, id] of ids.entries())
      expect(id, `${ops[i]!.method} ${ops[i]!.path}`).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const byRoute = Object.fromEntries(
      ops.map(({ method, path, op }) => [`${method} ${path}`, op.operationId]),
    );
    expect(byRoute).toMatchObject({
      'post /v1/documents': 'createDocument',
      'get /v1/documents': 'listDocuments',
      'get /v1/documents/{accessKey}': 'getDocument',
      'get /v1/tenants/me': 'getTenant',
      'post /v1/documents/{accessKey}/void': 'voidDocument',
    });
  });

  it('has named component schemas, used by reference', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      'Problem',
      'Tenant',
      'ApiKey',
      'Issuer',
      'Document',
      'DocumentSummary',
      'Notification',
      'WebhookEndpoint',
    ])
      expect(names).toContain(name);
    for (const name of names) expect(name).not.toMatch(/^(def-|Schema)\d+$/);
    const text = JSON.stringify(doc);
    for (const name of names) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    expect(text).not.toContain('x-multipart');
    expect(text).not.toContain('x-validated-by-service');
  });

  it('describes every response, problem responses as application/problem+json with their codes', () => {
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
        expect(response.description.length).toBeGreaterThan(2);
        if (Number(status) >= 400 && response.content) {
          expect(Object.keys(response.content), `${method} ${path} ${status}`).toEqual([
            'application/problem+json',
          ]);
        }
      }
    }
    const forbidden = doc.paths['/v1/documents'].post.responses['403'].description;
    expect(forbidden).toContain('`INSUFFICIENT_SCOPE`');
    expect(forbidden).toContain('`ISSUER_FORBIDDEN`');
  });

  it('marks public routes with security: [] and the others with the bearer key', () => {
    for (const { method, path, op } of operations())
      expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
    expect(doc.paths['/v1/register'].post.security).toEqual([]);
    expect(doc.paths['/v1/tiers'].get.security).toEqual([]);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/v1/documents'].post.security).toEqual([{ bearerAuth: [] }]);
  });

  it('takes its version from package.json and its server from PUBLIC_BASE_URL', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.servers).toEqual([{ url: ctx.config.publicBaseUrl }]);
  });

  it('every example validates against its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats.default ?? addFormats)(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ ...doc, $id: 'https://openapi.test/doc' });
    const pointer = (...parts: string[]) =>
      parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    let checked = 0;
    for (const { method, path, op } of operations()) {
      const media: [string, Json][] = [];
      for (const [type, m] of Object.entries((op.requestBody?.content ?? {}) as Json))
        media.push([pointer('paths', path, method, 'requestBody', 'content', type), m]);
      for (const [status, r] of Object.entries(op.responses as Json))
        for (const [type, m] of Object.entries((r.content ?? {}) as Json))
          media.push([pointer('paths', path, method, 'responses', status, 'content', type), m]);
      for (const [ptr, m] of media) {
        for (const [name, example] of Object.entries((m.examples ?? {}) as Json)) {
          const validate = ajv.compile({ $ref: `https://openapi.test/doc#/${ptr}/schema` });
          expect(validate(example.value), `${ptr} ${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
    // Every operation with a request body has an example of it.
    for (const { method, path, op } of operations())
      if (op.requestBody)
        for (const m of Object.values(op.requestBody.content as Json))
          expect(Object.keys(m.examples ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
  });
});

describe('request examples, posted as they are', () => {
  /** Request examples that need a state a test cannot reach as the example stands. */
  const NOT_POSTED: Record<string, string> = {
    verifyEmail: 'the token comes from an email; the example shows its shape',
    verifySession: 'the code comes from an email',
    resendDocumentEmail: 'needs an AUTHORIZED document (test/delivery covers it)',
    voidDocument: 'needs an AUTHORIZED document (test/documents covers void)',
    rebuildDocument: 'needs a RETURNED document (same bodies as createDocument, posted here)',
    promoteTenant: 'needs accepted agreements; test/billing covers promotion',
    adminAnnouncePriceChange: 'its effectiveAt must stay 30 days ahead of any run date',
    addPurchaseXml: 'needs the SRI simulator to confirm the key (test/purchases covers it)',
    importPurchasesTxt: 'a file body; test/purchases posts the real portal reports',
    createAtsReport: "names an issuer of the example's account; test/ats/reports.test.ts posts it",
    setPurchaseSustento: 'needs a purchase (test/ats/reports.test.ts sets one)',
  };

  function example(operationId: string, name = 'default'): Json {
    for (const { op } of operations())
      if (op.operationId === operationId) {
        const content = Object.values(op.requestBody.content as Json)[0] as Json;
        return structuredClone(content.examples[name].value);
      }
    throw new Error(`no operation ${operationId}`);
  }
  function documented(operationId: string): { method: string; path: string; status: number } {
    const found = operations().find(({ op }) => op.operationId === operationId)!;
    // A creation is documented as 201 (200 is its idempotent replay).
    const statuses = Object.keys(found.op.responses).map(Number);
    const status = statuses.includes(201) ? 201 : Math.min(...statuses.filter((s) => s < 300));
    return { method: found.method.toUpperCase(), path: found.path, status };
  }

  const posted = new Set<string>();
  async function post(
    operationId: string,
    opts: {
      params?: Record<string, string>;
      headers?: Record<string, string>;
      files?: Record<string, FormValue>;
      name?: string;
    } = {},
  ) {
    const { method, path, status } = documented(operationId);
    const url = path.replace(/\{(\w+)\}/g, (_, p: string) => opts.params?.[p] ?? `{${p}}`);
    const value = example(operationId, opts.name);
    let res: Awaited<ReturnType<TestContext['app']['inject']>>;
    if (opts.files) {
      const fields: Record<string, FormValue> = {};
      for (const [k, v] of Object.entries(value))
        fields[k] = v === FILE_PART ? opts.files[k]! : Array.isArray(v) ? v.map(String) : String(v);
      const form = await multipart(fields);
      res = await ctx.app.inject({
        method: method as 'POST',
        url,
        payload: form.payload,
        headers: { ...opts.headers, ...form.headers },
      });
    } else {
      res = await ctx.app.inject({ method: method as 'POST', url, payload: value, headers: opts.headers });
    }
    expect(res.statusCode, `${operationId}: ${res.body}`).toBe(status);
    posted.add(operationId);
    return res.json();
  }

  it('every request example gets its documented status', async () => {
    const password = 'prueba123';
    const ruc = '1790011674001';
    const cert = () => ({
      file: makeCertificate({ now: ctx.clock.now(), password, ruc }).p12,
      filename: 'firma-prueba.p12',
      contentType: 'application/x-pkcs12',
    });
    const registered = await post('registerTenant', { files: { cert: cert() } });
    const tenantId = registered.tenant.id as string;
    const issuerId = registered.issuer.id as string;
    const key = bearer(registered.apiKey);
    await post('resendVerification');
    const token = await latestVerificationToken(ctx, 'owner@example.com');
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } })).statusCode,
    ).toBe(200);
    await post('recoverTenant', { files: { cert: cert() } });
    await post('startSession');
    await post('setTenantLanguage', { headers: key });

    // Documents: the invoice and the credit note of the document, as they are.
    const docHeaders = { ...key, 'x-issuer-id': issuerId };
    const invoice = await post('createDocument', { headers: docHeaders, name: 'type01' });
    expect(invoice.document).toMatchObject({ documentType: '01', status: 'SIGNED', total: '123.50' });
    const creditNote = await post('createDocument', { headers: docHeaders, name: 'type04' });
    expect(creditNote.document).toMatchObject({ documentType: '04', status: 'SIGNED', total: '57.50' });
    await post('createDocumentShareLink', {
      headers: docHeaders,
      params: { accessKey: invoice.document.accessKey },
    });
    await post('createDocumentExport', { headers: docHeaders });
    const dryRun = await post('validateDocument', { headers: docHeaders });
    expect(dryRun.valid).toBe(false);
    expect(dryRun.errors.map((e: { expected: string }) => e.expected)).toEqual([
      '90.00',
      '13.50',
      '20.00',
      '0.00',
    ]);
    expect(dryRun.document.totals.total).toBe('123.50');

    // Issuers.
    await post('setIssuerDocumentTypes', { headers: key, params: { id: issuerId } });
    await post('setIssuerLogo', {
      headers: key,
      params: { id: issuerId },
      files: { logo: { file: PNG, filename: 'logo.png', contentType: 'image/png' } },
    });
    await post('setIssuerSequential', { headers: key, params: { id: issuerId, documentType: '01' } });
    await post('renewIssuerCertificate', { headers: key, params: { id: issuerId }, files: { cert: cert() } });
    const second = await post('createIssuer', { headers: key, files: { cert: cert() } });
    await post('setIssuerCanIssue', { headers: key, params: { id: second.issuer.id } });

    // Customers and products; the imports' examples are CSV text, posted as text/csv.
    const customer = await post('createCustomer', { headers: key });
    await post('updateCustomer', { headers: key, params: { id: customer.customer.id } });
    const product = await post('createProduct', { headers: key });
    await post('updateProduct', { headers: key, params: { id: product.product.id } });
    for (const id of ['importCustomers', 'importProducts']) {
      const { path, status } = documented(id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { ...key, 'content-type': 'text/csv' },
        payload: example(id) as unknown as string,
      });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(status);
      expect(res.json().data.created).toBeGreaterThan(0);
      posted.add(id);
    }

    // Purchases: no SRI here, so each key answers SRI_UNAVAILABLE, still 200 (test/purchases: the rest).
    const added = await post('addPurchasesByKey', { headers: key });
    expect(added.data.map((r: { error: { code: string } }) => r.error.code)).toEqual([
      'ACCESS_KEY_ENVIRONMENT_MISMATCH',
      'ACCESS_KEY_ENVIRONMENT_MISMATCH',
    ]);

    await post('setSupplierAtsDefaults', { headers: key, params: { ruc: '0190479137001' } });

    await post('updateNotificationPreferences', { headers: key });
    const hook = await post('createWebhook', { headers: key });
    await post('updateWebhook', { headers: key, params: { id: hook.endpoint.id } });

    // Paid plan: keys, subscriptions and a payment proof (web-app session keys).
    const web = bearer(await webKey(ctx, { tenantId }));
    const subscription = await post('createSubscription', { headers: web });
    await post('uploadPaymentProof', {
      headers: web,
      params: { id: subscription.payment.id },
      files: { file: { file: PDF, filename: 'comprobante.pdf', contentType: 'application/pdf' } },
    });
    const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/admin/v1/payments/${subscription.payment.id}/verify`,
      headers: operator,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    await post('createKey', { headers: key });
    const upgrade = await post('changeSubscriptionTier', { headers: web });
    await post('uploadPaymentProof', {
      headers: web,
      params: { id: upgrade.payment.id },
      files: { file: { file: PDF, filename: 'comprobante.pdf', contentType: 'application/pdf' } },
    });
    await post('adminRejectPayment', { headers: operator, params: { id: upgrade.payment.id } });
    await post('adminRefundPayment', { headers: operator, params: { id: subscription.payment.id } });
    await post('acceptAgreements', { headers: web });
    await post('adminPublishAgreement', { headers: operator });
    await post('adminAddHoliday', { headers: operator });
    await post('adminSuspendTenant', { headers: operator, params: { id: tenantId } });
    await post('adminReinstateTenant', { headers: operator, params: { id: tenantId } });

    // Nothing escapes: every operation with a request example was posted or is listed above.
    const withExamples = operations()
      .filter(({ op }) => op.requestBody)
      .map(({ op }) => op.operationId as string);
    expect(withExamples.filter((id) => !posted.has(id) && !NOT_POSTED[id])).toEqual([]);
  });
});
