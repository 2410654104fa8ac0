import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docHeaders } from '../helpers/documents.js';
import { bearer, type RegisteredTenant } from '../helpers/tenants.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { addKeys, issueTo, supplierTenant } from './support.js';

/**
 * The retention issued from a purchase reaches AUTHORIZED with the purchase's supporting fields;
 * the list's filters, cursor and totals; the CSV export.
 */
let lc: Lifecycle;
let buyer: RegisteredTenant;
let supplier: RegisteredTenant;
let purchaseIds: string[] = [];

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  buyer = await supplierTenant(lc.ctx);
  supplier = await supplierTenant(lc.ctx);
  const keys = [
    await issueTo(lc.ctx, supplier, '01', buyer.ruc),
    await issueTo(lc.ctx, supplier, '01', buyer.ruc),
    await issueTo(lc.ctx, supplier, '05', buyer.ruc),
  ];
  await settle(lc.ctx);
  const res = await addKeys(lc.ctx, buyer.apiKey, keys);
  purchaseIds = res.json().data.map((r: { purchase: { id: string } }) => r.purchase.id);
}, 120_000);
afterAll(async () => lc?.close());

const get = (url: string) => lc.ctx.app.inject({ url, headers: bearer(buyer.apiKey) });

describe('the retention from a purchase', () => {
  it('prefills a 07 that, completed, is AUTHORIZED with the supporting fields of the purchase', async () => {
    const id = purchaseIds[0]!;
    const purchase = (await get(`/v1/purchases/${id}`)).json().purchase;
    const draft = await get(`/v1/purchases/${id}/retention`);
    expect(draft.statusCode, draft.body).toBe(200);
    const { body, remaining, withholdingCodes } = draft.json();
    expect(remaining).toEqual({ renta: '110.00', iva: '13.50' });
    expect(withholdingCodes).toEqual(
      expect.arrayContaining([expect.objectContaining({ withholdingCode: '343' })]),
    );
    const support = body.supportingDocuments[0];
    expect(support).toMatchObject({
      documentType: '01',
      number: purchase.number,
      issueDate: purchase.issueDate,
      authorizationNumber: purchase.authorizationNumber,
      totalWithoutTaxes: '110.00',
      total: '123.50',
    });
    expect(body.subject).toMatchObject({ idType: '04', id: supplier.ruc });
    body.subject.email = 'proveedor@example.com';
    support.withholdings = [
      { code: '2', withholdingCode: '9', taxableBase: '13.50', rate: '10.00', amount: '1.35' },
      { code: '1', withholdingCode: '343', taxableBase: '110.00', rate: '1.00', amount: '1.10' },
    ];
    const created = await lc.ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(buyer),
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    await settle(lc.ctx);
    const key = created.json().document.accessKey;
    const [doc] = await lc.ctx.query<{
      status: string;
      model: { supportingDocuments: Record<string, unknown>[] };
    }>('select status, model from documents where access_key = $1', [key]);
    expect(doc!.status).toBe('AUTHORIZED');
    expect(doc!.model.supportingDocuments[0]).toMatchObject({
      documentType: purchase.documentType,
      number: purchase.number,
      issueDate: purchase.issueDate,
      authorizationNumber: purchase.authorizationNumber,
      totalWithoutTaxes: purchase.totalWithoutTaxes,
      total: purchase.total,
    });
    const after = (await get(`/v1/purchases/${id}`)).json().purchase;
    expect(after.retentions).toEqual([
      expect.objectContaining({ accessKey: key, status: 'AUTHORIZED', flagged: false }),
    ]);
    expect(after.remaining).toEqual({ renta: '0.00', iva: '0.00' });
  }, 60_000);

  it('another tenant gets 404 for the draft', async () => {
    const res = await lc.ctx.app.inject({
      url: `/v1/purchases/${purchaseIds[0]}/retention`,
      headers: bearer(supplier.apiKey),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /v1/purchases', () => {
  it('filters, pages with a cursor and gives exact totals per filter', async () => {
    const all = (await get('/v1/purchases?limit=2')).json();
    expect(all.data).toHaveLength(2);
    expect(all.totals).toEqual({ count: 3, totalWithoutTaxes: '220.27', iva: '27.00', total: '247.27' });
    const next = (await get(`/v1/purchases?limit=2&cursor=${all.nextCursor}`)).json();
    expect(next.data).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
    const seen = [...all.data, ...next.data].map((p: { id: string }) => p.id).sort();
    expect(seen).toEqual([...purchaseIds].sort());
    const invoices = (await get('/v1/purchases?documentType=01')).json();
    expect(invoices.totals).toMatchObject({ count: 2, total: '247.00' });
    const without = (await get('/v1/purchases?withoutRetention=true')).json();
    expect(without.data.map((p: { id: string }) => p.id).sort()).toEqual(
      [purchaseIds[1], purchaseIds[2]].sort(),
    );
    const bySupplier = (await get(`/v1/purchases?supplier=${supplier.ruc.slice(0, 6)}`)).json();
    expect(bySupplier.totals.count).toBe(3);
    expect((await get('/v1/purchases?supplier=nadie')).json().totals.count).toBe(0);
    expect((await get('/v1/purchases?status=ANULADO')).json().totals.count).toBe(0);
    const bad = await get('/v1/purchases?from=31/02/2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const badCursor = await get('/v1/purchases?cursor=abc');
    expect(badCursor.json().errors[0].path).toBe('query.cursor');
  });

  it('exports the same selection as CSV with the documents export rules', async () => {
    const res = await get('/v1/purchases/export?documentType=01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFTipo;Tipo de comprobante;Número')).toBe(true);
    const lines = res.body.split('\r\n').filter((l) => l !== '');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(';110.00;13.50;123.50;');
    expect(lines[1]).toContain(supplier.ruc);
    // The SRI state as the web app words it, its code beside it; the time in Ecuador's format.
    expect(lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};Autorizado;AUTORIZADO$/);
    const en = await lc.ctx.app.inject({
      url: '/v1/purchases/export?documentType=01',
      headers: { ...bearer(buyer.apiKey), 'accept-language': 'en' },
    });
    expect(en.body.startsWith('\uFEFFType;Document type;Number')).toBe(true);
    expect(en.body.split('\r\n')[1]).toMatch(/;Invoice;.*;Authorized;AUTORIZADO$/);
  });
});
