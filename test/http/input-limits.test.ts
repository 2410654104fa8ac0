import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http/input-limits.js';
import { stableStringify } from '../../src/modules/documents/document-body.js';
import { adminEnv, operator } from '../helpers/billing.js';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, type RegisteredTenant, registrationFields, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 13, defects 1 and 2: every JSON body is depth-limited before it is parsed, and no text
 * input (JSON, query, path, header, multipart) may carry a character PostgreSQL or XML 1.0 cannot
 * hold. Both are 400 VALIDATION_FAILED naming the field, never a 500.
 */
let ctx: TestContext;
let t: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
  t = await verifiedTenant(ctx);
});
afterAll(async () => ctx?.close());

function expectInvalid(res: LightMyRequestResponse, path: string, message: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const problem = res.json();
  expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  expect(problem.errors).toContainEqual({ path, message: expect.stringMatching(message) });
}

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JSON nesting (defect 1)', () => {
  it('refuses a document nested 5,000 levels deep with 400 before anything recurses over it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...docHeaders(t), 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: `{"documentType":"01","x":${nested(5000)}}`,
    });
    expectInvalid(res, 'body', new RegExp(`more than ${MAX_JSON_DEPTH} levels`));
  });

  it('applies the same limit to every JSON route, public ones too', async () => {
    for (const url of ['/v1/keys', '/v1/session/start', '/v1/webhooks']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(t.apiKey), 'content-type': 'application/json' },
        payload: `{"label":${nested(MAX_JSON_DEPTH + 1)}}`,
      });
      expectInvalid(res, 'body', /levels deep/);
    }
  });

  it('counts brackets inside strings as text, and lets the limit itself through to validation', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session/start',
      headers: { 'content-type': 'application/json' },
      // MAX_JSON_DEPTH levels in all (the body object is the first), and a string full of brackets.
      payload: `{"email":"nobody@example.com","s":"${'[{'.repeat(100)}\\"","x":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a deep JSON array in a multipart field', async () => {
    const fields = registrationFields(makeCertificate(), { initialSequentials: nested(1000) });
    const { payload, headers } = await multipart(fields);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/register', payload, headers });
    // The form's own message for a field that is not a usable JSON array.
    expectInvalid(res, 'initialSequentials', /must be a JSON array/);
  });

  it('hashes Idempotency-Key bodies without recursion', () => {
    let deep: unknown = 'leaf';
    let expected = '"leaf"';
    for (let i = 0; i < 100_000; i++) {
      deep = i % 2 ? [deep] : { k: deep };
      expected = i % 2 ? `[${expected}]` : `{"k":${expected}}`;
    }
    expect(stableStringify(deep)).toBe(expected);
    expect(stableStringify({ b: [1, { d: null, c: 'x' }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":"x","d":null}]}',
    );
  });
});

describe('control characters in text inputs (defect 2)', () => {
  const json = (method: 'POST' | 'GET', url: string, payload?: object, headers = {}) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it.each([
    ['/v1/resend-verification', 'email'],
    ['/v1/session/start', 'email'],
    ['/v1/session/verify', 'email'],
  ])('POST %s refuses a NUL in %s (public)', async (url, field) => {
    const res = await json('POST', url, { [field]: 'a\u0000b@example.com', code: '123456' });
    expectInvalid(res, field, /control characters \(U\+0000\)/);
  });

  it('POST /v1/register refuses a NUL in businessName (multipart)', async () => {
    const fields = registrationFields(makeCertificate(), { businessName: 'Mi\u0000Empresa' });
    const { payload, headers } = await multipart(fields);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/register', payload, headers });
    expectInvalid(res, 'businessName', /U\+0000/);
  });

  it('POST /v1/keys refuses a NUL in label, POST /v1/webhooks in url', async () => {
    expectInvalid(await json('POST', '/v1/keys', { label: 'x\u0000' }, bearer(t.apiKey)), 'label', /U\+0000/);
    expectInvalid(
      await json('POST', '/v1/webhooks', { url: 'https://example.com/\u0000' }, bearer(t.apiKey)),
      'url',
      /U\+0000/,
    );
  });

  it('GET /v1/documents?buyerName=%00 names query.buyerName; other C0 controls too', async () => {
    const list = (q: string) => json('GET', `/v1/documents?${q}`, undefined, docHeaders(t));
    expectInvalid(await list('buyerName=%00'), 'query.buyerName', /U\+0000/);
    expectInvalid(await list('buyerName=a%1Fb'), 'query.buyerName', /U\+001F/);
    // Tab, line feed and carriage return are text.
    expect((await list('buyerName=a%09b%0A%0D')).statusCode).toBe(200);
  });

  it('the operator API: GET /admin/v1/tenants?q=%00 and a NUL in the suspension note', async () => {
    expectInvalid(await operator(ctx, 'GET', '/tenants?q=%00'), 'query.q', /U\+0000/);
    const res = await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, {
      reasonCode: 'FRAUD_SUSPECTED',
      note: 'nota\u0000',
    });
    expectInvalid(res, 'note', /U\+0000/);
    const status = await ctx.query<{ status: string }>('select status from tenants where id = $1', [
      t.tenantId,
    ]);
    expect(status[0]!.status).not.toBe('SUSPENDED');
  });

  it('path parameters, headers we read, nested fields and field names', async () => {
    expectInvalid(
      await json('GET', `/v1/documents/${'1'.repeat(48)}%00`, undefined, docHeaders(t)),
      'params.accessKey',
      /U\+0000/,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...docHeaders(t), 'idempotency-key': 'k\u0001' },
      payload: invoiceBody(),
    });
    expectInvalid(res, 'headers.idempotency-key', /U\+0001/);
    const items = invoiceBody().items as { description: string }[];
    items[0]!.description = 'café\u0000';
    const nul = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(t),
      payload: invoiceBody({ items, 'bad\u0000key': 1 }),
    });
    expectInvalid(nul, 'items[0].description', /U\+0000/);
    expectInvalid(nul, 'body', /field name with control characters/);
    // A lone surrogate cannot be stored or written as XML either.
    expectInvalid(
      await ctx.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { ...bearer(t.apiKey), 'content-type': 'application/json' },
        payload: '{"label":"a\\ud800b"}',
      }),
      'label',
      /U\+D800/,
    );
  });
});
