import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
let t: RegisteredTenant;
let key: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await verifiedTenant(ctx);
  key = bearer(t.apiKey);
});
afterAll(async () => ctx?.close());

const COFFEE = {
  mainCode: 'CAF-001',
  auxiliaryCode: '7861234500012',
  description: 'Café de altura 500 g',
  unitPrice: '8.750000',
  taxes: [{ code: '2', rateCode: '4' }],
  additionalDetails: [{ name: 'Origen', value: 'Loja' }],
};

function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = key) {
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

describe('products CRUD', () => {
  it('creates, reads, changes and deletes a product', async () => {
    const created = await send('POST', '/v1/products', COFFEE);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product;
    expect(product).toMatchObject({ ...COFFEE, id: expect.any(String) });
    expect((await send('GET', `/v1/products/${product.id}`)).json()).toEqual({ ok: true, product });
    const patched = await send('PATCH', `/v1/products/${product.id}`, {
      unitPrice: '009.5',
      taxes: [
        { code: '5', rateCode: '5001' },
        { code: '2', rateCode: '0' },
      ],
      auxiliaryCode: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().product).toMatchObject({
      unitPrice: '9.5',
      auxiliaryCode: null,
      description: COFFEE.description,
      // IVA first, as an invoice item lists them.
      taxes: [
        { code: '2', rateCode: '0' },
        { code: '5', rateCode: '5001' },
      ],
    });
    expect((await send('DELETE', `/v1/products/${product.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/v1/products/${product.id}`)).statusCode).toBe(404);
  });

  it('refuses a mainCode twice with 409 CONFLICT', async () => {
    const body = { ...COFFEE, mainCode: 'DUP-1' };
    expect((await send('POST', '/v1/products', body)).statusCode).toBe(201);
    const again = await send('POST', '/v1/products', { ...body, description: 'Otro' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('checks taxes against the catalog: one IVA in force, known ICE and IRBPNR rates', async () => {
    const check = async (taxes: object[]) => {
      const res = await send('POST', '/v1/products', { ...COFFEE, mainCode: 'T-1', taxes });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
      return res.json().errors;
    };
    expect(await check([{ code: '2', rateCode: '2' }])).toEqual([
      { path: 'taxes[0].rateCode', message: 'IVA 12% (histórico) is no longer in force' },
    ]);
    expect(await check([{ code: '2', rateCode: '99' }])).toEqual([
      { path: 'taxes[0].rateCode', message: 'is not a IVA rate code of the catalog' },
    ]);
    expect(await check([{ code: '3', rateCode: '3051' }])).toEqual([
      { path: 'taxes', message: 'must include the IVA rate (code 2)' },
    ]);
    expect(
      await check([
        { code: '2', rateCode: '4' },
        { code: '2', rateCode: '0' },
      ]),
    ).toEqual([{ path: 'taxes[1].code', message: 'IVA appears more than once' }]);
    const schema = await check([{ code: '4', rateCode: '4' }]);
    expect(schema[0].path).toBe('taxes[0].code');
    const ok = await send('POST', '/v1/products', {
      ...COFFEE,
      mainCode: 'T-2',
      taxes: [
        { code: '2', rateCode: '4' },
        { code: '3', rateCode: '3051' },
        { code: '5', rateCode: '5001' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('checks the price, codes and details as an invoice item', async () => {
    const res = await send('POST', '/v1/products', {
      ...COFFEE,
      mainCode: 'X'.repeat(26),
      unitPrice: '1.1234567',
      additionalDetails: [
        { name: 'a', value: 'b' },
        { name: 'c', value: 'd' },
        { name: 'e', value: 'f' },
        { name: 'g', value: 'h' },
      ],
    });
    // The route's schema answers first: lengths and counts.
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['mainCode', 'additionalDetails']);
    const price = await send('POST', '/v1/products', { ...COFFEE, mainCode: 'P', unitPrice: '1.1234567' });
    expect(price.json().errors).toEqual([{ path: 'unitPrice', message: 'must have at most 6 decimals' }]);
  });
});

describe('search and access', () => {
  let s: RegisteredTenant;
  beforeAll(async () => {
    s = await verifiedTenant(ctx);
    for (const [mainCode, description] of [
      ['SRV-10', 'Servicio de instalación'],
      ['ACC-22', 'Cable eléctrico 2 m'],
      ['ACC-23', 'Adaptador USB'],
    ] as const) {
      const res = await send('POST', '/v1/products', { ...COFFEE, mainCode, description }, bearer(s.apiKey));
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  const codes = async (query: string) =>
    (await send('GET', `/v1/products${query}`, undefined, bearer(s.apiKey)))
      .json()
      .data.map((p: { mainCode: string }) => p.mainCode);

  it('matches the description (any case, any accents) or a code prefix, sorted by description', async () => {
    expect(await codes('')).toEqual(['ACC-23', 'ACC-22', 'SRV-10']);
    expect(await codes('?q=ELECTRICO')).toEqual(['ACC-22']);
    expect(await codes('?q=instalacion')).toEqual(['SRV-10']);
    expect(await codes('?q=acc')).toEqual(['ACC-23', 'ACC-22']);
    expect(await codes('?q=786123')).toEqual(['ACC-23', 'ACC-22', 'SRV-10']);
    const page = await send('GET', '/v1/products?limit=1&page=3', undefined, bearer(s.apiKey));
    expect(page.json().pagination).toEqual({ total: 3, page: 3, limit: 1 });
  });

  it("answers 404 for another tenant's product and enforces the scopes", async () => {
    const [id] = (await send('GET', '/v1/products', undefined, bearer(s.apiKey)))
      .json()
      .data.map((p: { id: string }) => p.id);
    expect((await send('GET', `/v1/products/${id}`)).statusCode).toBe(404);
    expect((await send('PATCH', `/v1/products/${id}`, { description: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/products/${id}`)).statusCode).toBe(404);
    const reader = bearer(await fixtureKey(ctx, s, ['documents:read']));
    expect((await send('GET', `/v1/products/${id}`, undefined, reader)).statusCode).toBe(200);
    const denied = await send('DELETE', `/v1/products/${id}`, undefined, reader);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });
});
