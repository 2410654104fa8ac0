import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { spreadsheetSafe } from '../../src/shared/csv-cells.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { authorize } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const BUYER = invoiceBody().buyer;

async function newInvoice(t: RegisteredTenant, buyerName = BUYER.name): Promise<string> {
  const res = await createDocument(ctx, t, invoiceBody({ buyer: { ...BUYER, name: buyerName } }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document.accessKey;
}

function exportCsv(t: RegisteredTenant, query: string, key = t.apiKey) {
  return ctx.app.inject({ url: `/v1/documents/export?${query}`, headers: docHeaders(t, key) });
}

describe('GET /v1/documents/export?format=csv', () => {
  it('streams every matching document: BOM, ; separated, CRLF, Spanish header, one row each', async () => {
    const t = await registerTenant(ctx);
    const a = await newInvoice(t);
    const b = await newInvoice(t, 'Comercial "El Sol"; Cía. Ltda.');
    const c = await newInvoice(t, '=HYPERLINK("http://x")');
    await authorize(ctx, a);
    const res = await exportCsv(t, 'format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="comprobantes.csv"');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Tipo;Tipo de comprobante;Número;Fecha de emisión;Clave de acceso;Estado;Tipo de identificación;Identificación;Razón social / Nombres;Correo;Subtotal sin impuestos;IVA;Total;Número de autorización;Fecha de autorización;Estado del correo;Código de estado;Código de estado del correo',
    );
    // Newest created first, as the list without sortBy.
    expect(lines.slice(1, -1).map((l) => l.split(';')[4])).toEqual([c, b, a]);
    const today = ecuadorDate(ctx.clock.now());
    expect(lines[3]).toBe(
      `01;Factura;001-001-000000001;${today};${a};Autorizado;05;1710034065;María José Peñafiel;maria@example.com;110.00;13.50;123.50;${a};21/11/2026 10:15:00;Por enviar;AUTHORIZED;PENDING`,
    );
    expect(lines[2]).toContain(';"Comercial ""El Sol""; Cía. Ltda.";');
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://x"")";`);
    expect(lines[1]).toContain(';Firmado;');
    expect(lines[1]).toMatch(/;SIGNED;PENDING$/);
  });

  it("applies the list's filters and sort, ignores paging, and reads only the caller's issuer", async () => {
    const t = await registerTenant(ctx);
    const a = await newInvoice(t, 'Ana');
    const b = await newInvoice(t, 'Bruno');
    await newInvoice(t, 'Carla');
    await authorize(ctx, a);
    await authorize(ctx, b);
    await ctx.query(`update documents set issue_date = '2026-01-15' where access_key = $1`, [b]);
    const other = await registerTenant(ctx);
    await newInvoice(other, 'Ana de otro');

    const rowsOf = async (query: string) => {
      const res = await exportCsv(t, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(';')[8]);
    };
    expect(await rowsOf('format=csv&status=AUTHORIZED&sortBy=buyerName&sortDir=asc')).toEqual([
      'Ana',
      'Bruno',
    ]);
    expect(await rowsOf('format=csv&from=01/01/2026&to=31/01/2026')).toEqual(['Bruno']);
    expect(await rowsOf('format=csv&buyerName=ar&limit=1&page=3')).toEqual(['Carla']);
    expect(await rowsOf('format=csv&documentType=04')).toEqual([]);
  });

  it('refuses a bad format or filter with a problem document, a key without documents:read, another issuer', async () => {
    const t = await registerTenant(ctx);
    for (const query of [
      '',
      'format=xlsx',
      'format=csv&from=31/02/2026',
      'format=csv&from=10/02/2026&to=01/02/2026',
      'format=csv&status=VOIDISH',
      'format=csv&sequential=abc',
    ]) {
      const res = await exportCsv(t, query);
      expect([res.statusCode, res.json().code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    const writer = await fixtureKey(ctx, t, ['documents:write']);
    const denied = await exportCsv(t, 'format=csv', writer);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const other = await registerTenant(ctx);
    const foreign = await ctx.app.inject({
      url: '/v1/documents/export?format=csv',
      headers: { ...docHeaders(t), 'x-issuer-id': other.issuerId },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'ISSUER_FORBIDDEN']);
  });

  it('leaves every database connection free after a full export', async () => {
    const t = await registerTenant(ctx);
    await newInvoice(t);
    for (let i = 0; i < 15; i++) expect((await exportCsv(t, 'format=csv')).statusCode).toBe(200);
    // The test pool holds 10 connections: a leaked one per export would have hung the 11th. Key
    // usage is recorded after the answer, off the request: wait for those writes to settle.
    const pool = ctx.deps.database.pool;
    await waitFor('every connection idle', () => pool.totalCount - pool.idleCount === 0);
  });
});

describe('spreadsheetSafe', () => {
  it('neutralises formula starters only', () => {
    expect(['=1+1', '+5', '-2', '@x', '\tx', 'Ana', '1710034065'].map(spreadsheetSafe)).toEqual([
      "'=1+1",
      "'+5",
      "'-2",
      "'@x",
      "'\tx",
      'Ana',
      '1710034065',
    ]);
  });
});
