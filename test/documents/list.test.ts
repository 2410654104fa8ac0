import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, creditNoteBody, docHeaders, invoiceBody } from '../helpers/documents.js';
import { fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
let t: RegisteredTenant;
const created: { accessKey: string; sequential: string; buyer: string }[] = [];
const buyers = ['Ana Álvarez', 'Bruno Benítez', 'Carla Cevallos', 'Diego Dávila', 'Elena Espinoza'];

beforeAll(async () => {
  ctx = await createTestContext();
  t = await registerTenant(ctx);
  for (let i = 0; i < 12; i++) {
    const name = buyers[i % buyers.length]!;
    const body = invoiceBody({ buyer: { idType: '05', id: '1710034065', name, email: 'b@example.com' } });
    const res = await createDocument(ctx, t, body);
    created.push({
      accessKey: res.json().document.accessKey,
      sequential: res.json().document.sequential,
      buyer: name,
    });
  }
  // The credit note's original must be AUTHORIZED (links.ts); the others stay SIGNED.
  await ctx.query(
    `update documents set status = 'AUTHORIZED', authorization_number = access_key, authorization_date = now() where access_key = $1`,
    [created[0]!.accessKey],
  );
  const cn = await createDocument(
    ctx,
    t,
    creditNoteBody({ number: '001-001-000000001', issueDate: ecuadorDate(ctx.clock.now()) }),
  );
  created.push({
    accessKey: cn.json().document.accessKey,
    sequential: cn.json().document.sequential,
    buyer: 'María José Peñafiel',
  });
  // A document in another state, and one older issue date, to exercise the filters.
  await ctx.query(`update documents set status = 'RETURNED' where access_key = $1`, [created[1]!.accessKey]);
  await ctx.query(`update documents set issue_date = date '2026-01-15' where access_key = $1`, [
    created[2]!.accessKey,
  ]);
});
afterAll(async () => ctx?.close());

const list = (query = '') =>
  ctx.app.inject({ method: 'GET', url: `/v1/documents${query}`, headers: docHeaders(t) });

describe('GET /v1/documents', () => {
  it('lists newest created first, 10 per page by default, with the summary fields', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ total: 13, page: 1, limit: 10 });
    expect(body.data).toHaveLength(10);
    expect(body.data[0].accessKey).toBe(created[12]!.accessKey);
    const authorized = (await list('?status=AUTHORIZED')).json().data[0];
    expect(authorized).toMatchObject({ status: 'AUTHORIZED', authorizationNumber: created[0]!.accessKey });
    expect(authorized.authorizationDate).toMatch(/-05:00$/);
    expect(body.data[0]).not.toHaveProperty('authorizationNumber');
    expect(Object.keys(body.data[1]).sort()).toEqual([
      'accessKey',
      'buyer',
      'documentType',
      'email',
      'issueDate',
      'number',
      'rideUrl',
      'sequential',
      'status',
      'total',
      'xmlUrl',
    ]);
    // What people search by: the number as the RIDE prints it and who the document is for.
    expect(body.data[1].number).toBe(`001-001-${body.data[1].sequential}`);
    const second = created.find((c) => c.accessKey === body.data[1].accessKey)!;
    expect(body.data[1].buyer).toEqual({ idType: '05', id: '1710034065', name: second.buyer });
  });

  it('pages', async () => {
    const page2 = (await list('?page=2&limit=5')).json();
    expect(page2.pagination).toEqual({ total: 13, page: 2, limit: 5 });
    expect(page2.data.map((d: { accessKey: string }) => d.accessKey)).toEqual(
      created
        .slice(3, 8)
        .reverse()
        .map((c) => c.accessKey),
    );
    expect((await list('?page=9')).json().data).toEqual([]);
  });

  it('filters by status, type, dates, sequential and buyer name (case-insensitive contains), combined with AND', async () => {
    expect((await list('?status=RETURNED')).json().pagination.total).toBe(1);
    expect(
      (await list('?documentType=04')).json().data.map((d: { documentType: string }) => d.documentType),
    ).toEqual(['04']);
    expect((await list('?to=31/01/2026')).json().pagination.total).toBe(1);
    expect((await list(`?from=${ecuadorDate(ctx.clock.now())}`)).json().pagination.total).toBe(12);
    expect((await list('?sequential=00000001')).json().pagination.total).toBe(5); // 1, 10, 11, 12 (invoices) and the credit note 1
    expect((await list('?buyerName=ÁLVAREZ')).json().pagination.total).toBe(3);
    expect(
      (await list('?buyerName=al&documentType=01'))
        .json()
        .data.every((d: { documentType: string }) => d.documentType === '01'),
    ).toBe(true);
    expect((await list('?buyerName=%25')).json().pagination.total).toBe(0); // a literal %, not a wildcard
  });

  it('sorts by sequential, buyerName, issueDate and status; desc by default when sortBy is given', async () => {
    const seqAsc = (await list('?documentType=01&sortBy=sequential&sortDir=asc&limit=100'))
      .json()
      .data.map((d: { sequential: string }) => d.sequential);
    expect(seqAsc).toEqual([...seqAsc].sort());
    const seqDesc = (await list('?documentType=01&sortBy=sequential&limit=100'))
      .json()
      .data.map((d: { sequential: string }) => d.sequential);
    expect(seqDesc).toEqual([...seqAsc].reverse());
    const names = (await list('?sortBy=buyerName&sortDir=asc&limit=100'))
      .json()
      .data.map((d: { accessKey: string }) => created.find((c) => c.accessKey === d.accessKey)!.buyer);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    const dates = (await list('?sortBy=issueDate&sortDir=asc&limit=100')).json().data;
    expect(dates[0].issueDate).toBe('15/01/2026');
    const statuses = (await list('?sortBy=status&sortDir=asc&limit=100'))
      .json()
      .data.map((d: { status: string }) => d.status);
    expect(statuses).toEqual([...statuses].sort());
  });

  it.each([
    ['?status=VOIDISH'],
    ['?documentType=02'],
    ['?from=2026-01-01'],
    ['?from=31/02/2026'],
    ['?from=10/02/2026&to=01/02/2026'],
    ['?sortBy=total'],
    ['?sortDir=up'],
    ['?limit=0'],
    ['?limit=101'],
    ['?page=0'],
    ['?sequential=abc'],
  ])('refuses %s with VALIDATION_FAILED', async (query) => {
    const res = await list(query);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('needs documents:read and shows nothing of another issuer', async () => {
    const writer = await fixtureKey(ctx, t, ['documents:write']);
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/documents', headers: docHeaders(t, writer) });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const other = await registerTenant(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/documents', headers: docHeaders(other) })).json()
        .pagination.total,
    ).toBe(0);
  });
});

describe('GET /v1/documents/:accessKey', () => {
  it('answers the full record', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${created[3]!.accessKey}`,
      headers: docHeaders(t),
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json().document;
    expect(doc).toMatchObject({
      accessKey: created[3]!.accessKey,
      number: `001-001-${created[3]!.sequential}`,
      environment: 'sandbox',
      issuerId: t.issuerId,
      total: '123.50',
      buyer: { idType: '05', name: created[3]!.buyer },
      totals: { totalWithoutTaxes: '110.00', totalDiscount: '10.00', tip: '0.00', total: '123.50' },
      payments: [{ method: '20', total: '123.50', term: '30', termUnit: 'dias' }],
      originalDocument: null,
      voidReason: null,
    });
    expect(doc.items).toHaveLength(2);
    expect(doc.totals.taxTotals).toEqual([
      { code: '2', rateCode: '0', rate: '0.00', taxableBase: '20.00', amount: '0.00' },
      { code: '2', rateCode: '4', rate: '15.00', taxableBase: '90.00', amount: '13.50' },
    ]);
    const cn = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/documents/${created[12]!.accessKey}`,
        headers: docHeaders(t),
      })
    ).json().document;
    expect(cn.originalDocument).toEqual({
      documentType: '01',
      number: '001-001-000000001',
      issueDate: ecuadorDate(ctx.clock.now()),
    });
    expect(cn.motivo).toBe('Devolución parcial');
  });

  it('404 for another tenant and unknown keys, 400 for a malformed key', async () => {
    const other = await registerTenant(ctx);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${created[3]!.accessKey}`,
      headers: docHeaders(other),
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${'1'.repeat(49)}`,
      headers: docHeaders(t),
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/documents/123', headers: docHeaders(t) });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
