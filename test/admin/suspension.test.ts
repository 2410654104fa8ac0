import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSubscription, adminEnv, operator, PNG, uploadProof, webKey } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * docs/spec-map.md: while SUSPENDED every write fails (403 ACCOUNT_SUSPENDED) and a curated set of
 * reads stays open: own documents, RIDE, XML, subscription and proof history, tenant status,
 * agreements and the event log.
 */
let ctx: TestContext;
let t: RegisteredTenant;
let accessKey: string;
let paymentId: string;
let proofId: string;
let webAppKey: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
  t = await verifiedTenant(ctx);
  const doc = await createDocument(ctx, t, invoiceBody());
  accessKey = doc.json().document.accessKey;
  const s = await activeSubscription(ctx, t, 'STARTER');
  webAppKey = s.key;
  const change = await ctx.app.inject({
    method: 'POST',
    url: '/v1/subscriptions/change-tier',
    headers: bearer(webAppKey),
    payload: { tier: 'GROWTH' },
  });
  paymentId = change.json().payment.id;
  proofId = (await uploadProof(ctx, webAppKey, paymentId, PNG)).json().proof.id;
  const res = await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, {
    reasonCode: 'FRAUD_SUSPECTED',
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

describe('a suspended account', () => {
  it.each([
    ['documents list', '/v1/documents', true],
    ['a document', () => `/v1/documents/${accessKey}`, true],
    ['the RIDE', () => `/v1/documents/${accessKey}/ride`, true],
    ['the XML', () => `/v1/documents/${accessKey}/xml`, true],
    ['subscriptions', '/v1/subscriptions/me', false],
    ['proofs', () => `/v1/payments/${paymentId}/proofs`, false],
    ['a proof', () => `/v1/payments/${paymentId}/proofs/${proofId}`, false],
    ['the tenant', '/v1/tenants/me', false],
    ['agreements', '/v1/tenants/agreements', false],
    ['an agreement', '/v1/tenants/agreements/TERMS', false],
    ['the event log', '/v1/tenants/events', false],
    ['notifications', '/v1/notifications', false],
  ])('may still read %s', async (_n, url, withIssuer) => {
    const path = typeof url === 'function' ? url() : url;
    const res = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: withIssuer ? docHeaders(t) : bearer(t.apiKey),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sees its status and reason code', async () => {
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })
    ).json().tenant;
    expect(me).toMatchObject({
      status: 'SUSPENDED',
      suspensionReasonCode: 'FRAUD_SUSPECTED',
      subscriptionTier: 'STARTER',
    });
    const events = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(t.apiKey) })
    ).json().events;
    expect(events.at(-1)).toMatchObject({
      eventType: 'STATUS_CHANGED',
      detail: { from: 'ACTIVE', to: 'SUSPENDED', reasonCode: 'FRAUD_SUSPECTED' },
    });
  });

  it.each([
    ['POST /v1/documents', 'POST', '/v1/documents', invoiceBody(), true],
    ['POST /v1/keys', 'POST', '/v1/keys', {}, false],
    ['PATCH /v1/tenants/language', 'PATCH', '/v1/tenants/language', { language: 'en' }, false],
    ['POST /v1/webhooks', 'POST', '/v1/webhooks', { url: 'https://example.com/hook' }, false],
  ] as const)('is refused %s with 403 ACCOUNT_SUSPENDED', async (_n, method, url, payload, withIssuer) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload,
      headers: withIssuer ? docHeaders(t) : bearer(t.apiKey),
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
  });

  it('is refused the web-app billing writes with 403 ACCOUNT_SUSPENDED', async () => {
    for (const [method, url, payload] of [
      ['POST', '/v1/subscriptions', { tier: 'STARTER' }],
      ['POST', '/v1/subscriptions/change-tier', { tier: 'BUSINESS' }],
      ['DELETE', '/v1/subscriptions', undefined],
      ['POST', '/v1/tenants/promote', { tier: 'FREE' }],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(webAppKey),
        ...(payload ? { payload } : {}),
      });
      expect([res.statusCode, res.json().code], url).toEqual([403, 'ACCOUNT_SUSPENDED']);
    }
    const proof = await uploadProof(ctx, webAppKey, paymentId);
    expect([proof.statusCode, proof.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: '/v1/tenants/agreements',
      headers: bearer(await webKey(ctx, t)),
      payload: { termsVersion: '1.0' },
    });
    expect([accept.statusCode, accept.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('gets its writes back when reinstated', async () => {
    const res = await operator(ctx, 'POST', `/tenants/${t.tenantId}/reinstate`, { note: 'cleared' });
    expect(res.json().tenant).toMatchObject({ status: 'ACTIVE', suspensionReasonCode: null });
    const doc = await createDocument(ctx, t, invoiceBody());
    expect(doc.statusCode).toBe(201);
    const lang = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: bearer(t.apiKey),
      payload: { language: 'en' },
    });
    expect(lang.statusCode).toBe(200);
  });
});
