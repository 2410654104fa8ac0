import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyCheckDigit } from '../../src/modules/documents/index.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { ALL_TYPES, addKeys, issueTo, supplierTenant } from './support.js';

/**
 * Entry 1 against the real simulator: a supplier tenant issues every type to the buyer's RUC, the
 * buyer adds them by access key (and a second time: the same purchases), and each refusal names
 * its cause.
 */
let lc: Lifecycle;
let buyer: RegisteredTenant;
let supplier: RegisteredTenant;
let other: RegisteredTenant;
const keys: Record<string, string> = {};

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  buyer = await registerTenant(lc.ctx);
  supplier = await supplierTenant(lc.ctx);
  other = await registerTenant(lc.ctx);
  // The notes refer to the supplier's first invoice, which must be AUTHORIZED before they are issued.
  keys['01'] = await issueTo(lc.ctx, supplier, '01', buyer.ruc);
  await settle(lc.ctx);
  for (const type of ALL_TYPES.filter((t) => t !== '01'))
    keys[type] = await issueTo(lc.ctx, supplier, type, buyer.ruc);
  keys.toOther = await issueTo(lc.ctx, supplier, '01', other.ruc);
  await settle(lc.ctx);
}, 120_000);
afterAll(async () => lc?.close());

describe('POST /v1/purchases (by access key)', () => {
  it('stores every type the buyer received, with the fields of the document', async () => {
    const res = await addKeys(
      lc.ctx,
      buyer.apiKey,
      ALL_TYPES.map((t) => keys[t]!),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.created).toBe(6);
    expect(body.data.map((r: { status: string }) => r.status)).toEqual(Array(6).fill('CREATED'));
    const invoice = body.data[0].purchase;
    expect(invoice).toMatchObject({
      accessKey: keys['01'],
      documentType: '01',
      source: 'KEY',
      environment: 'sandbox',
      supplier: { ruc: supplier.ruc },
      receiver: { id: buyer.ruc, issuerId: buyer.issuerId },
      totalWithoutTaxes: '110.00',
      iva: '13.50',
      total: '123.50',
      sri: { status: 'AUTORIZADO' },
    });
    expect(invoice.number).toBe(`001-001-${keys['01']!.slice(30, 39)}`);
    const detail = await lc.ctx.app.inject({
      url: `/v1/purchases/${invoice.id}`,
      headers: bearer(buyer.apiKey),
    });
    expect(detail.statusCode).toBe(200);
    const taxes = detail.json().purchase.taxes;
    expect(taxes).toHaveLength(2);
    expect(taxes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: '2', rateCode: '4', taxableBase: '90.00', amount: '13.50' }),
        expect.objectContaining({ code: '2', rateCode: '0', taxableBase: '20.00', amount: '0.00' }),
      ]),
    );
    expect(detail.json().purchase.remaining).toEqual({ renta: '110.00', iva: '13.50' });
    const cn = body.data[2].purchase;
    const cnDetail = (
      await lc.ctx.app.inject({ url: `/v1/purchases/${cn.id}`, headers: bearer(buyer.apiKey) })
    ).json();
    expect(cnDetail.purchase.originalDocument).toMatchObject({
      documentType: '01',
      number: '001-001-000000001',
    });
    const ret = body.data[5].purchase;
    const retDetail = (
      await lc.ctx.app.inject({ url: `/v1/purchases/${ret.id}`, headers: bearer(buyer.apiKey) })
    ).json();
    expect(retDetail.purchase.withholdings.length).toBeGreaterThan(0);
    const xml = await lc.ctx.app.inject({
      url: `/v1/purchases/${invoice.id}/xml`,
      headers: bearer(buyer.apiKey),
    });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<estado>AUTORIZADO</estado>');
    expect(xml.body).toContain(keys['01']);
  });

  it('the same key again is the same purchase (idempotent), never a second one', async () => {
    const res = await addKeys(lc.ctx, buyer.apiKey, [keys['01']!, keys['01']!]);
    expect(res.json()).toMatchObject({ created: 0, existing: 2 });
    const rows = await lc.ctx.query<{ n: number }>(
      'select count(*)::int as n from purchases where tenant_id = $1 and access_key = $2',
      [buyer.tenantId, keys['01']],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses each bad key with its code, and goes on with the others', async () => {
    const k = keys['01']!;
    const wrongDigit = `${k.slice(0, 48)}${(Number(k[48]) + 1) % 10}`;
    const production = `${k.slice(0, 23)}2${k.slice(24, 48)}`;
    const productionKey = production + accessKeyCheckDigit(production);
    const unknownBase = `${k.slice(0, 39)}87654321${k[47]}`;
    const unknown = unknownBase + accessKeyCheckDigit(unknownBase);
    const res = await addKeys(lc.ctx, buyer.apiKey, [
      '123',
      wrongDigit,
      productionKey,
      unknown,
      keys.toOther!,
      keys['03']!,
    ]);
    const data = res.json().data;
    expect(data.map((r: { error: { code: string } | null }) => r.error?.code ?? null)).toEqual([
      'ACCESS_KEY_INVALID',
      'ACCESS_KEY_INVALID',
      'ACCESS_KEY_ENVIRONMENT_MISMATCH',
      'PURCHASE_UNKNOWN_AT_SRI',
      'PURCHASE_NOT_ADDRESSED',
      null,
    ]);
    expect(data[0].error.detail).toMatch(/49 digits/);
    expect(data[1].error.detail).toMatch(/check digit/);
    // Both identifications named.
    expect(data[4].error.detail).toContain(other.ruc);
    expect(data[4].error.detail).toContain(buyer.ruc);
    expect(data[5].status).toBe('EXISTING');
  });

  it('the supplier cannot add its own sale as a purchase', async () => {
    const res = await addKeys(lc.ctx, supplier.apiKey, [keys['01']!]);
    expect(res.json().data[0].error).toMatchObject({ code: 'PURCHASE_NOT_ADDRESSED' });
  });

  it('answers SRI_UNAVAILABLE when the SRI does not answer', async () => {
    lc.sri.simulator.control.inject({ service: 'authorization', mode: 'http500', times: 1 });
    const res = await addKeys(lc.ctx, other.apiKey, [keys.toOther!]);
    expect(res.json().data[0].error).toMatchObject({ code: 'SRI_UNAVAILABLE' });
  });

  it('another tenant sees none of them (404), and a body over 500 keys is 400', async () => {
    const [p] = await lc.ctx.query<{ id: string }>('select id from purchases where tenant_id = $1 limit 1', [
      buyer.tenantId,
    ]);
    const res = await lc.ctx.app.inject({ url: `/v1/purchases/${p!.id}`, headers: bearer(other.apiKey) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const many = await addKeys(lc.ctx, buyer.apiKey, Array(501).fill(keys['01']));
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe('VALIDATION_FAILED');
  });
});
