import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
let t: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await verifiedTenant(ctx);
});
afterAll(async () => ctx?.close());

const importCsv = (body: string, dryRun: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/products/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...bearer(t.apiKey), 'content-type': 'text/csv; charset=utf-8' },
    payload: body,
  });

const FILE = [
  'Código;Descripción;Precio unitario;IVA;ICE;IRBPNR;Detalle1 nombre;Detalle1 valor',
  'A-1;Agua sin gas 500 ml;0,45;15%;;5001;Marca;Andina',
  'A-2;Consulta médica;30;Exento;;;;',
  'A-3;Arroz 1 kg;1.10;0;;;;',
  'A-4;Cigarrillos;5.00;4;9999;;;',
  'A-5;Libro;12.00;12%;;;;',
  ';Sin código;abc;;;;;',
  'A-1;Repetido;1;4;;;;',
].join('\n');

describe('POST /v1/products/import', () => {
  it('previews every row: IVA as a rate code, a percentage or a word; errors name the column', async () => {
    const res = await importCsv(FILE, true);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect([data.valid, data.invalid, data.duplicate]).toEqual([3, 3, 1]);
    const rows = data.rows;
    expect(rows[0].value).toMatchObject({
      mainCode: 'A-1',
      unitPrice: '0.45',
      taxes: [
        { code: '2', rateCode: '4' },
        { code: '5', rateCode: '5001' },
      ],
      additionalDetails: [{ name: 'Marca', value: 'Andina' }],
    });
    expect(rows[1].value.taxes).toEqual([{ code: '2', rateCode: '7' }]);
    expect(rows[2].value.taxes).toEqual([{ code: '2', rateCode: '0' }]);
    expect(rows[3].errors).toEqual([
      { field: 'ice', code: 'INVALID_VALUE', message: 'is not a ICE rate code of the catalog' },
    ]);
    expect(rows[4].errors).toEqual([
      { field: 'iva', code: 'INVALID_VALUE', message: 'is not a IVA rate code of the catalog' },
    ]);
    expect(rows[5].errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['mainCode', 'REQUIRED'],
      ['unitPrice', 'INVALID_FORMAT'],
      ['iva', 'REQUIRED'],
    ]);
    expect([rows[6].line, rows[6].status, rows[6].errors[0].code]).toEqual([8, 'duplicate', 'DUPLICATE']);
  });

  it('saves the valid rows, then finds them by search', async () => {
    const res = await importCsv(FILE, false);
    expect(res.json().data).toMatchObject({ valid: 3, created: 3 });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v1/products?q=medica',
      headers: bearer(t.apiKey),
    });
    expect(list.json().data.map((p: { mainCode: string }) => p.mainCode)).toEqual(['A-2']);
  });

  it('names the missing columns', async () => {
    const res = await importCsv('codigo;descripcion\nA;B\n', true);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().errors.map((e: { message: string }) => e.message.split(' (')[0])).toEqual([
      'missing column unitPrice',
      'missing column iva',
    ]);
  });
});
