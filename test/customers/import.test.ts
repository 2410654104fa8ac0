import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

function importCsv(t: RegisteredTenant, body: string | Buffer, dryRun: boolean) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/customers/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...bearer(t.apiKey), 'content-type': 'text/csv' },
    payload: body,
  });
}
const total = async (t: RegisteredTenant) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/customers', headers: bearer(t.apiKey) })).json().pagination
    .total;

// Spanish headers, `;`, a BOM, CRLF: what Excel saves as "CSV UTF-8".
const SPANISH = [
  '\uFEFFTipo identificación;Identificación;Razón social;Correo;Teléfono;Dirección',
  'RUC;1790011674001;Distribuidora Andina S.A.;compras@andina.example;022550000;Quito',
  '5;912345678;María Pérez;;;',
  '05;123;Sin cédula válida;no-es-correo;;',
  'Pasaporte;;Falta el número;;;',
  '04;1790011674001;Otra vez Andina;;;',
  '',
  '"Consumidor final";9999999999999;"Consumidor; final";;;"Calle 1\nPiso 2"',
].join('\r\n');

describe('POST /v1/customers/import', () => {
  it('previews every row with its status and errors, and saves nothing on a dry run', async () => {
    const t = await verifiedTenant(ctx);
    const res = await importCsv(t, SPANISH, true);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect([data.valid, data.invalid, data.duplicate, data.created]).toEqual([2, 3, 1, undefined]);
    expect(data.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'duplicate'],
      [8, 'invalid'],
    ]);
    // "RUC" is 04; "5" (a spreadsheet's 05) and its 9-digit cédula get their zeros back.
    expect(data.rows[0].value).toMatchObject({
      idType: '04',
      identification: '1790011674001',
      phone: '022550000',
    });
    expect(data.rows[1].value).toMatchObject({ idType: '05', identification: '0912345678', email: null });
    expect(data.rows[2].errors).toEqual([
      { field: 'identification', code: 'INVALID_FORMAT', message: 'a cédula (05) is 10 digits' },
      { field: 'email', code: 'INVALID_FORMAT', message: 'must be a valid email address' },
    ]);
    expect(data.rows[3].errors).toEqual([
      { field: 'identification', code: 'REQUIRED', message: 'is required' },
    ]);
    expect(data.rows[4].errors[0]).toMatchObject({ field: 'identification', code: 'DUPLICATE' });
    // A quoted cell holds the separator; a line break in an address is refused (a single-line XML field).
    expect(data.rows[5].value).toMatchObject({ idType: '07', name: 'Consumidor; final' });
    expect(data.rows[5].errors).toEqual([
      {
        field: 'address',
        code: 'INVALID_FORMAT',
        message: 'must be a single line without control characters',
      },
    ]);
    expect(await total(t)).toBe(0);
  });

  it('saves the valid rows in one go, and marks them duplicate on a second import', async () => {
    const t = await verifiedTenant(ctx);
    const res = await importCsv(t, SPANISH, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valid: 2, invalid: 3, duplicate: 1, created: 2 });
    expect(await total(t)).toBe(2);
    const again = await importCsv(t, SPANISH, false);
    expect(again.json().data).toMatchObject({ valid: 0, duplicate: 3, created: 0 });
    expect(await total(t)).toBe(2);
  });

  it('reads English headers with `,`, a multipart file, and Windows-1252 text', async () => {
    const t = await verifiedTenant(ctx);
    const english = 'Name,ID type,Identification,Email\n"Smith, John",06,X123,john@example.com\n';
    const form = await multipart({
      file: { file: Buffer.from(english), filename: 'c.csv', contentType: 'text/csv' },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/customers/import',
      headers: { ...bearer(t.apiKey), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows[0].value).toMatchObject({
      name: 'Smith, John',
      idType: '06',
      email: 'john@example.com',
    });
    expect(res.json().data.created).toBe(1);
    const latin1 = Buffer.from('tipo;identificacion;nombre\n06;Y1;Muñoz Ñandú\n', 'latin1');
    const res2 = await importCsv(t, latin1, false);
    expect(res2.json().data.rows[0].value.name).toBe('Muñoz Ñandú');
  });

  it('refuses a file it cannot read with a problem document naming the file', async () => {
    const t = await verifiedTenant(ctx);
    const missing = await importCsv(t, 'nombre;correo\nAna;a@b.ec\n', true);
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(missing.json().errors.map((e: { message: string }) => e.message.split(' (')[0])).toEqual([
      'missing column idType',
      'missing column identification',
    ]);
    const empty = await importCsv(t, '\uFEFF', true);
    expect(empty.json().errors).toEqual([
      { path: 'file', message: 'is empty: expected a header row and at least one row' },
    ]);
    const headerOnly = await importCsv(t, 'tipo;identificacion;nombre\n', true);
    expect(headerOnly.json().errors[0].message).toBe('has no rows after the header row');
    const broken = await importCsv(t, 'tipo;identificacion;nombre\n06;"abc;x\n', true);
    expect([broken.statusCode, broken.json().errors[0].message]).toEqual([
      400,
      expect.stringContaining('is not valid CSV'),
    ]);
    const tooMany = await importCsv(t, `tipo;identificacion;nombre\n${'06;A;B\n'.repeat(1001)}`, true);
    expect([tooMany.statusCode, tooMany.json().errors[0].message]).toEqual([
      400,
      'has more than 1000 rows; at most 1000 per import',
    ]);
    const big = await importCsv(t, `tipo;identificacion;nombre\n${'x'.repeat(1024 * 1024)}`, true);
    expect([big.statusCode, big.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const bigForm = await multipart({
      file: { file: Buffer.alloc(1024 * 1024 + 1, 'a'), filename: 'c.csv', contentType: 'text/csv' },
    });
    const bigFile = await ctx.app.inject({
      method: 'POST',
      url: '/v1/customers/import',
      headers: { ...bearer(t.apiKey), ...bigForm.headers },
      payload: bigForm.payload,
    });
    expect([bigFile.statusCode, bigFile.json().code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/v1/customers/import',
      headers: bearer(t.apiKey),
      payload: { rows: [] },
    });
    expect([json.statusCode, json.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const noFile = await multipart({ other: 'x' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/customers/import',
      headers: { ...bearer(t.apiKey), ...noFile.headers },
      payload: noFile.payload,
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_FILE_UPLOAD']);
    const control = await importCsv(t, 'tipo;identificacion;nombre\n06;A;B\u0001\n', true);
    expect([control.statusCode, control.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await total(t)).toBe(0);
  });
});
