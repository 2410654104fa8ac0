import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { pdfPages } from '../ride/pdf-tools.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { ALL_TYPES, addKeys, issueTo, supplierTenant } from './support.js';

/**
 * GET /v1/purchases/{id}/ride: our RIDE renderer draws each received type from the authorized XML
 * kept as received; pdftotext finds the supplier, the number and the access key in it.
 */
let lc: Lifecycle;
let buyer: RegisteredTenant;
let other: RegisteredTenant;
const purchases: {
  id: string;
  documentType: string;
  number: string;
  accessKey: string;
  supplier: { name: string };
  rideUrl: string;
}[] = [];

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  buyer = await registerTenant(lc.ctx);
  other = await registerTenant(lc.ctx);
  const supplier = await supplierTenant(lc.ctx);
  const keys: string[] = [await issueTo(lc.ctx, supplier, '01', buyer.ruc)];
  await settle(lc.ctx);
  for (const type of ALL_TYPES.filter((t) => t !== '01'))
    keys.push(await issueTo(lc.ctx, supplier, type, buyer.ruc));
  await settle(lc.ctx);
  const res = await addKeys(lc.ctx, buyer.apiKey, keys);
  expect(res.json().created, res.body).toBe(6);
  for (const r of res.json().data) purchases.push(r.purchase);
}, 120_000);
afterAll(async () => lc?.close());

const ride = (apiKey: string, id: string) =>
  lc.ctx.app.inject({ url: `/v1/purchases/${id}/ride`, headers: bearer(apiKey) });

describe('GET /v1/purchases/{id}/ride', () => {
  it('draws every received type: supplier, number and access key in the PDF', async () => {
    expect(purchases.map((p) => p.documentType)).toEqual(ALL_TYPES);
    for (const p of purchases) {
      expect(p.rideUrl).toBe(`/v1/purchases/${p.id}/ride`);
      const res = await ride(buyer.apiKey, p.id);
      expect(res.statusCode, `${p.documentType}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(p.number);
      const text = (await pdfPages(res.rawPayload)).join('\n');
      expect(text, p.documentType).toContain(p.supplier.name);
      expect(text, p.documentType).toContain(p.number);
      expect(text.replace(/\s+/g, ''), p.documentType).toContain(p.accessKey);
    }
  });

  it('is 404 for another tenant and for an unknown id', async () => {
    const res = await ride(other.apiKey, purchases[0]!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await ride(buyer.apiKey, '0190c4d0-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
