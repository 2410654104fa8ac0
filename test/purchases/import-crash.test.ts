import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestContext, TEST_MASTER_KEY, type TestContext } from '../helpers/context.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { settle } from '../submission/support.js';
import { issueTo, supplierTenant } from './support.js';

/**
 * A worker in its own process, killed with SIGKILL in the middle of a TXT import (the SRI made
 * slow so the kill lands between rows): a fresh worker resumes the import and finishes it, every
 * row with one outcome and every key one purchase.
 */
const ROWS = 6;
let sri: TestSri;
let ctx: TestContext;
let buyer: RegisteredTenant;
const keys: string[] = [];
const workers: ChildProcess[] = [];
const output: string[] = [];

beforeAll(async () => {
  await serverCompiled();
  sri = await startTestSri({ authorizationDelayMs: 200 });
  ctx = await createTestContext({ clock: sri.clock, sriUrl: sri.simulator.url });
  buyer = await registerTenant(ctx);
  const supplier = await supplierTenant(ctx);
  for (let i = 0; i < ROWS; i++) keys.push(await issueTo(ctx, supplier, '01', buyer.ruc));
  await settle(ctx);
}, 120_000);
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await ctx?.close();
  await sri?.close();
});

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, [compiledEntry('main'), '--worker'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.config.databaseUrl!,
      DATA_DIR: ctx.dataDir,
      MASTER_KEY: TEST_MASTER_KEY,
      SRI_TEST_URL: sri.simulator.url,
      SRI_PRODUCTION_URL: sri.simulator.url,
      SRI_SIMULATOR: 'false',
      SRI_TIMEOUT_MS: '10000',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      WORKER_HEARTBEAT_MS: '500',
      WORKER_DEAD_AFTER_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  workers.push(child);
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function report(): Buffer {
  const header =
    'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
  const day = ecuadorDate(ctx.clock.now());
  const lines = keys.map(
    (k) =>
      `${k.slice(10, 23)}\tCOMERCIAL PRUEBAS ÑANDÚ S.A.\tFactura\t${k.slice(24, 27)}-${k.slice(27, 30)}-${k.slice(30, 39)}\t${k}\t${day} 10:00:00\t${k.slice(0, 2)}/${k.slice(2, 4)}/${k.slice(4, 8)}\t${buyer.ruc}\t110\t13.5\t123.5\t`,
  );
  // Latin-1, CRLF: as the portal serves it.
  return Buffer.from([header, ...lines, ''].join('\r\n'), 'latin1');
}

const progress = async (id: string) =>
  (await ctx.app.inject({ url: `/v1/purchase-imports/${id}`, headers: bearer(buyer.apiKey) })).json().import;

describe('a worker killed in the middle of a TXT import', () => {
  it('a fresh worker resumes at the first pending row and finishes: every row once', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/v1/purchase-imports',
      headers: { ...bearer(buyer.apiKey), 'content-type': 'text/plain' },
      payload: report(),
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().import.id;
    sri.simulator.control.inject({ service: 'authorization', mode: 'slow', delayMs: 700, times: 4 });

    const first = startWorkerProcess();
    await waitFor('two rows done', async () => (await progress(id)).processedRows >= 2);
    first.kill('SIGKILL');
    await new Promise((r) =>
      first.exitCode !== null || first.signalCode !== null ? r(null) : first.once('exit', r),
    );
    const midway = await progress(id);
    expect(midway.status).toBe('RUNNING');
    expect(midway.processedRows).toBeLessThan(ROWS);

    const second = startWorkerProcess();
    await waitFor('the import to finish', async () => (await progress(id)).status === 'DONE');
    second.kill('SIGTERM');

    const done = await progress(id);
    expect(done).toMatchObject({ processedRows: ROWS, counts: { CREATED: ROWS } });
    expect(done.rows.map((r: { accessKey: string }) => r.accessKey)).toEqual(keys);
    const stored = await ctx.query<{ access_key: string; n: number }>(
      `select access_key, count(*)::int as n from purchases where tenant_id = $1 group by access_key order by 1`,
      [buyer.tenantId],
    );
    expect(stored).toEqual([...keys].sort().map((k) => ({ access_key: k, n: 1 })));
  }, 120_000);
});
