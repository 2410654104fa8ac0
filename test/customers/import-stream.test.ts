import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 30, points 2 and 7: an import never holds the event loop (the file is parsed as a
 * stream, stopping at the row limit), and its encoding is decided on evidence.
 */
let ctx: TestContext;
let t: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await verifiedTenant(ctx);
});
afterAll(async () => ctx?.close());

function importCsv(body: string | Buffer, dryRun = true) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/customers/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...bearer(t.apiKey), 'content-type': 'text/csv' },
    payload: body,
  });
}

/** The longest the event loop was held while `fn` ran, in ms. */
async function worstDelay(fn: () => Promise<void>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  try {
    await fn();
  } finally {
    h.disable();
  }
  return h.max / 1e6;
}

/** Under 200 ms even on a loaded machine; the whole-file parse held it for 10 s and more. */
const BOUND_MS = 200;

describe('CSV imports and the event loop', () => {
  it('900 KB of empty `;;` rows: refused at the limit, the loop never held long', async () => {
    const file = `tipo;identificacion;nombre\n${';;\n'.repeat(300_000)}`;
    let status = 0;
    let message = '';
    const max = await worstDelay(async () => {
      const res = await importCsv(file);
      status = res.statusCode;
      message = res.json().errors?.[0]?.message;
    });
    expect(status).toBe(400);
    expect(message).toBe(
      'has more than 2000 lines after the header (empty ones included); at most 1000 rows per import',
    );
    console.log(`worst upload (;; rows): event loop held at most ${max.toFixed(1)} ms`);
    expect(max).toBeLessThan(BOUND_MS);
  });

  it('100,000 short rows: refused at the first row past the limit, the loop never held long', async () => {
    const over = `tipo;identificacion;nombre\n${'06;A;B\n'.repeat(100_000)}`;
    let res: Awaited<ReturnType<typeof importCsv>> | undefined;
    const max = await worstDelay(async () => {
      res = await importCsv(over);
    });
    expect([res!.statusCode, res!.json().errors[0].message]).toEqual([
      400,
      'has more than 1000 rows; at most 1000 per import',
    ]);
    expect(max).toBeLessThan(BOUND_MS);
  });
});

describe('the encoding of an imported file', () => {
  it('UTF-8 with one bad byte: the row holding it is invalid, the others keep their accents', async () => {
    const file = Buffer.concat([
      Buffer.from('tipo;identificacion;nombre\n06;A1;María Peñafiel\n06;A2;Jos', 'utf8'),
      Buffer.from([0xe9]), // a Windows-1252 "é" pasted into a UTF-8 file
      Buffer.from('\n06;A3;Núñez\n', 'utf8'),
    ]);
    const res = await importCsv(file, false);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect([data.valid, data.invalid, data.created]).toEqual([2, 1, 2]);
    expect(data.rows[1]).toMatchObject({
      line: 3,
      status: 'invalid',
      errors: [{ field: 'nombre', code: 'INVALID_VALUE', message: expect.stringContaining('UTF-8') }],
    });
    const saved = await ctx.query<{ name: string }>(
      `select name from customers where tenant_id = $1 and identification like 'A_' order by identification`,
      [t.tenantId],
    );
    expect(saved.map((r) => r.name)).toEqual(['María Peñafiel', 'Núñez']);
  });

  it('a Windows-1252 file (no UTF-8 in it) is still read as such', async () => {
    const res = await importCsv(Buffer.from('tipo;identificacion;nombre\n06;B1;Muñoz Ñandú\n', 'latin1'));
    expect(res.json().data.rows[0]).toMatchObject({ status: 'valid', value: { name: 'Muñoz Ñandú' } });
  });
});
