import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

/**
 * A TXT import whose job's last attempt died with its worker reaches FAILED through the job's
 * onExhausted (the crash sweep of a live worker), its rows left PENDING FAILED with IMPORT_FAILED.
 */
let ctx: TestContext;
let buyer: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext({ env: { WORKER_HEARTBEAT_MS: '200', WORKER_DEAD_AFTER_MS: '1000' } });
  buyer = await registerTenant(ctx);
});
afterAll(async () => ctx?.close());

const SUPPLIER = '1790016919001';

function report(rows: number): Buffer {
  const header =
    'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
  const day = ecuadorDate(ctx.clock.now());
  const lines = Array.from({ length: rows }, (_, i) => {
    const sequential = String(i + 1).padStart(9, '0');
    const key = buildAccessKey({
      issueDate: day,
      documentType: '01',
      ruc: SUPPLIER,
      environment: 'sandbox',
      branchCode: '001',
      issuePointCode: '001',
      sequential,
      numericCode: '12345678',
      emissionType: '1',
    });
    return `${SUPPLIER}\tPROVEEDOR S.A.\tFactura\t001-001-${sequential}\t${key}\t${day} 10:00:00\t${day}\t${buyer.ruc}\t100\t15\t115\t`;
  });
  return Buffer.from([header, ...lines, ''].join('\r\n'), 'latin1');
}

const progress = async (id: string) =>
  (await ctx.app.inject({ url: `/v1/purchase-imports/${id}`, headers: bearer(buyer.apiKey) })).json().import;

describe('a TXT import whose job runs out of attempts', () => {
  it('is FAILED, its pending rows FAILED with IMPORT_FAILED, its job gone', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/v1/purchase-imports',
      headers: { ...bearer(buyer.apiKey), 'content-type': 'text/plain' },
      payload: report(3),
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().import.id;
    expect((await progress(id)).status).toBe('RUNNING');
    // What a worker killed during the last attempt leaves: the attempt counted, the job locked by
    // a worker that no longer beats.
    const locked = await ctx.query(
      `update graphile_worker._private_jobs set attempts = max_attempts, locked_by = 'pool-killed',
         locked_at = now() - interval '1 hour' where key = $1 returning id`,
      [`purchase-import:${id}`],
    );
    expect(locked).toHaveLength(1);

    const before = ctx.clock.now().getTime();
    await ctx.startWorker();
    await expect.poll(async () => (await progress(id)).status, { timeout: 30_000 }).toBe('FAILED');
    const failed = await progress(id);
    expect(failed).toMatchObject({ processedRows: 3, counts: { FAILED: 3 } });
    const finished = Date.parse(failed.finishedAt);
    expect(finished).toBeGreaterThanOrEqual(before);
    expect(finished).toBeLessThanOrEqual(ctx.clock.now().getTime());
    for (const row of failed.rows) expect(row.error.code).toBe('IMPORT_FAILED');
    const left = await ctx.query('select id from graphile_worker.jobs where key = $1', [
      `purchase-import:${id}`,
    ]);
    expect(left).toEqual([]);
  });
});
