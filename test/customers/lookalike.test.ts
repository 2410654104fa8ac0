import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 30, point 6: identifiers that differ only by inner spaces, case, zero-width characters,
 * full-width letters or NFC/NFD are one record, through the API (409), the CSV import
 * (`duplicate`), and in the rows saved before (migrations/0900_lookalike_identifiers.sql).
 */
let ctx: TestContext;
let t: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await verifiedTenant(ctx);
});
afterAll(async () => ctx?.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: bearer(t.apiKey), payload });
const importCsv = (kind: 'customers' | 'products', body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/${kind}/import?dryRun=true`,
    headers: { ...bearer(t.apiKey), 'content-type': 'text/csv; charset=utf-8' },
    payload: body,
  });

/** A passport AB123456 written as a keyboard, a spreadsheet or a PDF copy may write it. */
const PASSPORT_VARIANTS = [
  'ab123456',
  'AB 123 456',
  'AB\u200B123456',
  'ＡＢ１２３４５６',
  ' AB123456\u00A0',
  'A\u200DB12\uFEFF3456',
];
const CODE_VARIANTS = ['sku-001', 'SKU-00\u200B1', 'ＳＫＵ－００１', 'SKU - 001', 'SKU\u00A0-001 '];

describe('look-alike customer identifications', () => {
  it('every variant of a saved passport or foreign id is 409 CONFLICT; the saved form is canonical', async () => {
    for (const idType of ['06', '08']) {
      const first = await send('POST', '/v1/customers', { idType, identification: 'AB123456', name: 'Ana' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().customer.identification).toBe('AB123456');
      for (const identification of PASSPORT_VARIANTS) {
        const again = await send('POST', '/v1/customers', { idType, identification, name: 'Otra' });
        expect([again.statusCode, again.json().code], identification).toEqual([409, 'CONFLICT']);
      }
    }
    const nfd = await send('POST', '/v1/customers', { idType: '08', identification: 'N\u0303U1', name: 'B' });
    expect(nfd.json().customer.identification).toBe('ÑU1');
    const nfc = await send('POST', '/v1/customers', { idType: '08', identification: 'ñu 1', name: 'C' });
    expect([nfc.statusCode, nfc.json().code]).toEqual([409, 'CONFLICT']);
    const other = await send('POST', '/v1/customers', { idType: '06', identification: 'ZZ1', name: 'Z' });
    const patched = await send('PATCH', `/v1/customers/${other.json().customer.id}`, {
      identification: 'ab 123\u200B456',
    });
    expect([patched.statusCode, patched.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('full-width digits of a cédula are the cédula; the CSV import marks look-alikes duplicate', async () => {
    const full = await send('POST', '/v1/customers', {
      idType: '05',
      identification: '０９１２３４５６７８',
      name: 'Ana',
    });
    expect([full.statusCode, full.json().customer?.identification]).toEqual([201, '0912345678']);
    const csv = [
      'tipo;identificacion;nombre',
      ...PASSPORT_VARIANTS.map((v) => `06;${v};X`),
      '05;0912345678;Y',
    ];
    const res = await importCsv('customers', csv.join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows.map((r: { status: string }) => r.status)).toEqual(
      Array(PASSPORT_VARIANTS.length + 1).fill('duplicate'),
    );
  });
});

describe('look-alike product codes', () => {
  const product = (mainCode: string) => ({
    mainCode,
    description: 'Servicio',
    unitPrice: '1.00',
    taxes: [{ code: '2', rateCode: '4' }],
  });

  it('every variant of a saved main code is 409 CONFLICT, in the import duplicate; the case is kept', async () => {
    const first = await send('POST', '/v1/products', product(' SKU-001\u200B'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().product.mainCode).toBe('SKU-001');
    for (const code of CODE_VARIANTS) {
      const again = await send('POST', '/v1/products', product(code));
      expect([again.statusCode, again.json().code], code).toEqual([409, 'CONFLICT']);
    }
    const spaced = await send('POST', '/v1/products', product('Caja  \u3000grande'));
    expect(spaced.json().product.mainCode).toBe('Caja grande');
    const csv = ['codigo;descripcion;precio;iva', ...CODE_VARIANTS.map((c) => `${c};X;1;4`)];
    const res = await importCsv('products', csv.join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows.map((r: { status: string }) => r.status)).toEqual(
      Array(CODE_VARIANTS.length).fill('duplicate'),
    );
  });
});

describe('migration 0900 over rows saved before it', () => {
  it('normalizes them; of look-alikes the oldest stays, completed, the others kept aside', async () => {
    const u = await verifiedTenant(ctx);
    // The schema as it was before 0900, with rows the old rules let in.
    await ctx.query(`
      delete from schema_migrations where name = '0900_lookalike_identifiers.sql';
      drop table lookalike_duplicates;
      alter table products drop constraint products_tenant_main_code_key;
      alter table products drop column main_code_key;
      alter table products add constraint products_tenant_id_main_code_key unique (tenant_id, main_code);
    `);
    const customer = (id: string, identification: string, minute: number, email: string | null) =>
      ctx.query(
        `insert into customers (id, tenant_id, id_type, identification, name, search_name, email, created_at, updated_at)
         values ($1, $2, '06', $3, 'N', 'n', $4, $5, $5)`,
        [id, u.tenantId, identification, email, new Date(Date.UTC(2026, 0, 1, 0, minute))],
      );
    await customer('00000000-0000-7000-8000-000000000001', 'ab 123\u200B456', 1, null);
    await customer('00000000-0000-7000-8000-000000000002', 'ＡＢ１２３４５６', 2, 'later@example.com');
    await customer('00000000-0000-7000-8000-000000000003', 'cd9', 3, null);
    const product = (id: string, code: string, minute: number) =>
      ctx.query(
        `insert into products (id, tenant_id, main_code, description, search_text, unit_price, taxes, created_at, updated_at)
         values ($1, $2, $3, 'P', 'p', '1', '[]', $4, $4)`,
        [id, u.tenantId, code, new Date(Date.UTC(2026, 0, 1, 0, minute))],
      );
    await product('00000000-0000-7000-8000-000000000011', 'SKU-001', 1);
    await product('00000000-0000-7000-8000-000000000012', 'sku\u200B-001 ', 2);
    await product('00000000-0000-7000-8000-000000000013', 'Caja  grande', 3);

    expect(await migrate(ctx.deps.database.pool)).toEqual(['0900_lookalike_identifiers.sql']);

    const customers = await ctx.query(
      'select id, identification, email from customers where tenant_id = $1 order by created_at',
      [u.tenantId],
    );
    expect(customers).toEqual([
      { id: '00000000-0000-7000-8000-000000000001', identification: 'AB123456', email: 'later@example.com' },
      { id: '00000000-0000-7000-8000-000000000003', identification: 'CD9', email: null },
    ]);
    const products = await ctx.query(
      'select main_code, main_code_key from products where tenant_id = $1 order by created_at',
      [u.tenantId],
    );
    expect(products).toEqual([
      { main_code: 'SKU-001', main_code_key: 'sku-001' },
      { main_code: 'Caja grande', main_code_key: 'cajagrande' },
    ]);
    const aside = await ctx.query<{ id: string; kind: string; kept_id: string }>(
      'select id, kind, kept_id from lookalike_duplicates where tenant_id = $1 order by id',
      [u.tenantId],
    );
    expect(aside).toEqual([
      {
        id: '00000000-0000-7000-8000-000000000002',
        kind: 'customer',
        kept_id: '00000000-0000-7000-8000-000000000001',
      },
      {
        id: '00000000-0000-7000-8000-000000000012',
        kind: 'product',
        kept_id: '00000000-0000-7000-8000-000000000011',
      },
    ]);
    // And the service agrees with what the migration wrote.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/v1/products',
      headers: bearer(u.apiKey),
      payload: {
        mainCode: 'caja grande',
        description: 'x',
        unitPrice: '1',
        taxes: [{ code: '2', rateCode: '4' }],
      },
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'CONFLICT']);
  });
});
