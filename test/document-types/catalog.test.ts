import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, fixtureKey, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('GET /v1/catalogs/withholding-codes', () => {
  it('lists every code with its rate and validity, a changed rate as two dated rows', async () => {
    const t = await verifiedTenant(ctx);
    const key = await fixtureKey(ctx, t, ['documents:read']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/catalogs/withholding-codes',
      headers: bearer(key),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().withholdingCodes as Record<string, unknown>[];
    expect(rows).toContainEqual({
      taxCode: '2',
      code: '9',
      description: 'Retención IVA 10%',
      rate: '10.00',
      validFrom: null,
      validTo: null,
    });
    const r312 = rows.filter((r) => r.taxCode === '1' && r.code === '312');
    expect(r312.map((r) => [r.rate, r.validFrom, r.validTo])).toEqual([
      ['1.75', null, '2026-02-28'],
      ['2.00', '2026-03-01', null],
    ]);
    for (const r of rows)
      expect(Object.keys(r).sort()).toEqual([
        'code',
        'description',
        'rate',
        'taxCode',
        'validFrom',
        'validTo',
      ]);

    const support = (
      await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/support-codes', headers: bearer(key) })
    ).json();
    expect(support.supportCodes).toHaveLength(16);
  });

  it('needs a key (401 problem document)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/catalogs/withholding-codes' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/catalogs/withholding-codes']?.get).toBeDefined();
  });
});
