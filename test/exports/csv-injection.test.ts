import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { registerTenant } from '../helpers/tenants.js';

/**
 * Issue 30, point 8: no cell of the CSV export starts a formula, whether the reader splits on
 * `;` (the file's separator), on `,` (another locale) or on both, with or without honouring quotes.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const FORMULA = /^[=+\-@\t\r]/;
const HOSTILE = ["Pérez,=cmd|' /C calc'!A0", 'Ruiz;+SUM(1)', 'Lara,@x', '-2+3'];

describe('CSV export against formula injection', () => {
  it('quotes cells holding a separator and neutralises every formula start, for any reader', async () => {
    const t = await registerTenant(ctx);
    for (const name of HOSTILE) {
      const res = await createDocument(ctx, t, invoiceBody({ buyer: { ...invoiceBody().buyer, name } }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await ctx.app.inject({ url: '/v1/documents/export?format=csv', headers: docHeaders(t) });
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text).toContain(`;"Pérez,'=cmd|' /C calc'!A0";`);

    const bySemicolon: string[][] = parse(text, { delimiter: ';' });
    const byComma: string[][] = parse(text, {
      delimiter: ',',
      relax_quotes: true,
      relax_column_count: true,
    });
    // A reader that knows nothing of quotes: every piece between any separator or line break.
    const naive = text.split(/[,;\r\n]/).map((c) => c.replace(/^"+/, ''));
    for (const [reader, cells] of [
      ['; parser', bySemicolon.flat()],
      [', parser', byComma.flat()],
      ['naive split', naive],
    ] as const) {
      expect(
        cells.filter((c) => FORMULA.test(c)),
        reader,
      ).toEqual([]);
    }
    // Read with its own separator the file gives the names back, neutralised, one cell each.
    const names = bySemicolon.slice(1).map((r) => r[8]);
    expect(names).toEqual(["'-2+3", "Lara,'@x", "Ruiz;'+SUM(1)", "Pérez,'=cmd|' /C calc'!A0"]);
  });
});
