import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { creditNoteBody, docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { expectProblem } from '../issuers/fixtures.js';
import { documentOf, invoiceWith, issue, type Lifecycle, settle, startLifecycle } from './support.js';

let life: Lifecycle;
let t: RegisteredTenant;
let other: RegisteredTenant;
let authorized: string;
let returned: string;
beforeAll(async () => {
  life = await startLifecycle();
  t = await registerTenant(life.ctx);
  other = await registerTenant(life.ctx);
  authorized = await issue(life.ctx, t);
  returned = await issue(life.ctx, t, invoiceWith('DEVUELTA'));
  await settle(life.ctx);
});
afterAll(() => life?.close());

const voidIt = (key: string, payload: unknown, tenant = t, apiKey = tenant.apiKey) =>
  life.ctx.app.inject({
    method: 'POST',
    url: `/v1/documents/${key}/void`,
    headers: docHeaders(tenant, apiKey),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (url: string, tenant = t) =>
  life.ctx.app.inject({ method: 'GET', url, headers: docHeaders(tenant) });

describe('POST /v1/documents/:accessKey/void', () => {
  it('refuses: confirmation not true, reason missing or too long, not AUTHORIZED, another tenant, no documents:write (FORBIDDEN)', async () => {
    expectProblem(
      await voidIt(authorized, { confirmedSriVoid: false, reason: 'x' }),
      400,
      'DOCUMENT_VOID_CONFIRMATION_REQUIRED',
    );
    expectProblem(await voidIt(authorized, { reason: 'x' }), 400, 'DOCUMENT_VOID_CONFIRMATION_REQUIRED');
    expectProblem(
      await voidIt(authorized, { confirmedSriVoid: 'true', reason: 'x' }),
      400,
      'DOCUMENT_VOID_CONFIRMATION_REQUIRED',
    );
    expectProblem(await voidIt(authorized, undefined), 400, 'DOCUMENT_VOID_CONFIRMATION_REQUIRED');
    const missing = expectProblem(
      await voidIt(authorized, { confirmedSriVoid: true }),
      400,
      'VALIDATION_FAILED',
    );
    expect(missing.errors).toEqual([{ path: 'reason', message: expect.any(String) }]);
    expectProblem(
      await voidIt(authorized, { confirmedSriVoid: true, reason: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await voidIt(authorized, { confirmedSriVoid: true, reason: 'x'.repeat(501) }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await voidIt(returned, { confirmedSriVoid: true, reason: 'error' }),
      400,
      'DOCUMENT_NOT_AUTHORIZED',
    );
    expectProblem(await voidIt(authorized, { confirmedSriVoid: true, reason: 'x' }, other), 404, 'NOT_FOUND');
    const readOnly = await fixtureKey(life.ctx, t, ['documents:read']);
    expectProblem(
      await voidIt(authorized, { confirmedSriVoid: true, reason: 'x' }, t, readOnly),
      403,
      'FORBIDDEN',
    );
    expect((await documentOf(life.ctx, t, authorized)).status).toBe('AUTHORIZED');
  });

  it('200 VOIDED with buyer, reason and time; nothing sent; still counted; a second void is DOCUMENT_NOT_AUTHORIZED', async () => {
    const key = await issue(life.ctx, t);
    await settle(life.ctx);
    const calls = life.sri.simulator.control.stats();
    const reason = 'x'.repeat(500);
    const res = await voidIt(key, { confirmedSriVoid: true, reason });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().document;
    expect(doc).toMatchObject({
      accessKey: key,
      status: 'VOIDED',
      authorizationNumber: key,
      buyer: { id: '1710034065', idType: '05', name: 'María José Peñafiel', email: 'maria@example.com' },
      voidReason: reason,
      voidedAt: expect.any(String),
    });
    const after = life.sri.simulator.control.stats();
    expect([after.receptionCalls, after.authorizationCalls]).toEqual([
      calls.receptionCalls,
      calls.authorizationCalls,
    ]);
    expect((await get(`/v1/documents/${key}/events`)).json().events.at(-1)).toMatchObject({
      type: 'VOIDED',
      detail: { reason },
    });
    expectProblem(
      await voidIt(key, { confirmedSriVoid: true, reason: 'again' }),
      400,
      'DOCUMENT_NOT_AUTHORIZED',
    );
    const stats = (await get('/v1/documents/stats')).json();
    expect(stats.byStatus.VOIDED).toBe(1);
    expect(stats.amounts.voided).toBe('123.50');
  });
});

describe('GET /v1/documents/:accessKey/credit-notes', () => {
  it('lists the credit notes of the invoice and what remains; refused or voided ones credit nothing', async () => {
    const { ctx } = life;
    const tenant = await registerTenant(ctx);
    const invoice = await issue(ctx, tenant);
    await settle(ctx);
    const original = await documentOf(ctx, tenant, invoice);
    const ref = { number: `001-001-${original.sequential}`, issueDate: original.issueDate };
    const empty = (await get(`/v1/documents/${invoice}/credit-notes`, tenant)).json();
    expect(empty).toEqual({
      ok: true,
      creditNotes: [],
      originalTotal: '123.50',
      creditedTotal: '0.00',
      remainingBalance: '123.50',
    });

    const first = await issue(ctx, tenant, creditNoteBody(ref));
    const refused = await issue(
      ctx,
      tenant,
      creditNoteBody(ref, { additionalInfo: [{ name: 'simulador', value: 'DEVUELTA' }] }),
    );
    const voided = await issue(ctx, tenant, creditNoteBody(ref));
    await issue(ctx, tenant, creditNoteBody({ ...ref, number: '001-001-000000999' }));
    await settle(ctx);
    await voidIt(voided, { confirmedSriVoid: true, reason: 'duplicada' }, tenant);
    const res = await get(`/v1/documents/${invoice}/credit-notes`, tenant);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.creditNotes.map((n: { accessKey: string; status: string }) => [n.accessKey, n.status]),
    ).toEqual([
      [first, 'AUTHORIZED'],
      [refused, 'RETURNED'],
      [voided, 'VOIDED'],
    ]);
    expect(body).toMatchObject({
      originalTotal: '123.50',
      creditedTotal: '57.50',
      remainingBalance: '66.00',
    });
    expectProblem(await get(`/v1/documents/${invoice}/credit-notes`, other), 404, 'NOT_FOUND');
  });
});

describe('GET /v1/documents/stats', () => {
  it('counts by status and type with amounts for the current month by default, or a given period', async () => {
    const { ctx } = life;
    const tenant = await registerTenant(ctx);
    const today = ecuadorDate(ctx.clock.now());
    const inv = await issue(ctx, tenant);
    await issue(ctx, tenant, invoiceWith('DEVUELTA'));
    await settle(ctx);
    const original = await documentOf(ctx, tenant, inv);
    await issue(ctx, tenant, creditNoteBody({ number: `001-001-${original.sequential}`, issueDate: today }));
    await issue(ctx, tenant, invoiceBody()); // still SIGNED: pending
    const res = await get('/v1/documents/stats', tenant);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({
      ok: true,
      count: 4,
      byStatus: { SIGNED: 2, RECEIVED: 0, RETURNED: 1, AUTHORIZED: 1, NOT_AUTHORIZED: 0, VOIDED: 0 },
      amounts: { invoiced: '123.50', credited: '0.00', net: '123.50', pending: '181.00', voided: '0.00' },
    });
    expect(stats.from).toMatch(/^01\/\d{2}\/\d{4}$/);
    expect(
      stats.byType.map((x: { documentType: string; count: number }) => [x.documentType, x.count]),
    ).toEqual([
      ['01', 3],
      ['04', 1],
    ]);
    const empty = (await get('/v1/documents/stats?from=01/01/2020&to=31/01/2020', tenant)).json();
    expect(empty).toMatchObject({ from: '01/01/2020', to: '31/01/2020', count: 0 });
    const day = (await get(`/v1/documents/stats?from=${today}&to=${today}`, tenant)).json();
    expect(day.count).toBe(4);
  });

  it('400 VALIDATION_FAILED for bad dates or from after to; needs documents:read and X-Issuer-Id', async () => {
    expectProblem(await get('/v1/documents/stats?from=31/02/2026'), 400, 'VALIDATION_FAILED');
    expectProblem(await get('/v1/documents/stats?to=2026-01-01'), 400, 'VALIDATION_FAILED');
    expectProblem(await get('/v1/documents/stats?from=02/01/2026&to=01/01/2026'), 400, 'VALIDATION_FAILED');
    const noIssuer = await life.ctx.app.inject({
      method: 'GET',
      url: '/v1/documents/stats',
      headers: bearer(t.apiKey),
    });
    expectProblem(noIssuer, 400, 'BAD_REQUEST');
    const writeOnly = await fixtureKey(life.ctx, t, ['documents:write']);
    const res = await life.ctx.app.inject({
      method: 'GET',
      url: '/v1/documents/stats',
      headers: docHeaders(t, writeOnly),
    });
    expectProblem(res, 403, 'INSUFFICIENT_SCOPE');
  });
});
