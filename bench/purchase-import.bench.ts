/**
 * Importing the SRI portal's TXT of received documents (issue 27): POST /v1/purchase-imports with
 * N access keys, then the background job fetching each from the SRI (our simulator, over SOAP:
 * autorizacionComprobante) and storing the purchases. The real service in child processes (one
 * API, one worker), the simulator in its own process, an embedded PostgreSQL.
 *
 * The keys: a second tenant (the supplier) issues N invoices to the importer's RUC through the
 * API and the normal pipeline, so the simulator knows them; the TXT is built from their keys in
 * the portal's format (Latin-1, CRLF, 12 tab-separated columns).
 *
 * Prints documents per second (wall, from the 202 to the import DONE, seen by polling the
 * database every 50 ms), the event-loop delay of the API and of the worker process over that span
 * (perf_hooks.monitorEventLoopDelay, preloaded by bench/lib/loop-delay.mjs; the API meanwhile
 * answers the progress poll once a second, as the web app does), the CPU per document of each
 * process, and the wall time per document as a multiple of one RSA-2048 signature measured in the
 * same run (this machine's speed varies).
 *
 *   npx tsx bench/purchase-import.bench.ts [--keys 1000] [--sim-delay 0] [--tsx]
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureServerBuilt } from '../scripts/ensure-built.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { benchInvoice } from './lib/bodies.js';
import { cpuMs, postgresCpuMs } from './lib/proc-stats.js';
import {
  freePort,
  type NodeProcess,
  productionNodeFlags,
  startNode,
  startTsx,
  waitForHttp,
} from './lib/processes.js';

const { values: opt } = parseArgs({
  options: {
    keys: { type: 'string', default: '1000' },
    /** The simulator's delay before it authorizes (and answers autorizacionComprobante), ms. */
    'sim-delay': { type: 'string', default: '0' },
    /** Runs the service from src/ under tsx instead of the compiled dist/ that `npm start` runs. */
    tsx: { type: 'boolean', default: false },
  },
});
const N = Number(opt.keys);
if (!Number.isInteger(N) || N < 1 || N > 2000) throw new Error('--keys: 1 to 2000 (a TXT holds 2000 rows)');
const CREATE_CONCURRENCY = 16;

const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-purchase-import-'));
const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'einvoice' });
const postmasterPid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const simPort = await freePort();
const simulatorUrl = `http://127.0.0.1:${simPort}`;
const common: Record<string, string> = {
  NODE_ENV: 'development',
  DATA_DIR: dir,
  MASTER_KEY: `${'0'.repeat(63)}5`,
  DATABASE_URL: embedded.url,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  SRI_SIMULATOR: 'false',
  SRI_TEST_URL: simulatorUrl,
  SRI_PRODUCTION_URL: simulatorUrl,
  REGISTRATION_RATE_LIMIT: '1000',
  API_RATE_LIMIT: '100000000',
};
if (!opt.tsx) ensureServerBuilt((m) => console.error(m));
const LOOP_DELAY = ['./bench/lib/loop-delay.mjs'];
const start = (name: string, script: string, args: string[], env: Record<string, string>) =>
  opt.tsx
    ? startTsx(name, `src/${script}.ts`, args, env, LOOP_DELAY)
    : startNode(name, `dist/${script}.js`, args, env, [...productionNodeFlags(), ...LOOP_DELAY]);

const simulator = start('simulator', 'sri-simulator-cli', [], {
  ...common,
  SRI_SIMULATOR_PORT: String(simPort),
  SRI_SIMULATOR_AUTH_DELAY_MS: opt['sim-delay'],
});
const apiPort = await freePort();
const apiUrl = `http://127.0.0.1:${apiPort}`;
const delayFile = (name: string) => path.join(dir, `loop-delay-${name}.json`);
let api: NodeProcess | null = null;
let worker: NodeProcess | null = null;
const all = () => [simulator, api, worker].filter((p): p is NodeProcess => p !== null);
process.on('exit', () => {
  for (const p of all()) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  void embedded.stop();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const p of all()) p.child.kill('SIGKILL');
    void embedded.stop().finally(() => process.exit(130));
  });
await waitForHttp(`${simulatorUrl}/simulator/stats`);
// The API migrates the database before the worker starts.
api = start('api', 'main', ['--api'], {
  ...common,
  PORT: String(apiPort),
  BENCH_LOOP_DELAY: delayFile('api'),
});
await waitForHttp(`${apiUrl}/readyz`, 120_000);
worker = start('worker', 'main', ['--worker'], { ...common, BENCH_LOOP_DELAY: delayFile('worker') });
const db = new pg.Pool({ connectionString: embedded.url, max: 2 });

async function register() {
  const fields = registrationFields(makeCertificate());
  const { payload, headers } = await multipart(fields);
  const res = await fetch(`${apiUrl}/v1/register`, { method: 'POST', body: payload, headers });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const t = (await res.json()) as { issuer: { id: string }; apiKey: string };
  return {
    ruc: fields.ruc as string,
    auth: { authorization: `Bearer ${t.apiKey}`, 'x-issuer-id': t.issuer.id },
  };
}
const importer = await register();
const supplier = await register();

// The supplier's N invoices to the importer, through the pipeline to the simulator (AUTHORIZED).
const seedStart = performance.now();
const invoice = JSON.stringify({
  ...benchInvoice(),
  buyer: { idType: '04', id: importer.ruc, name: 'Comprador SA', email: 'compras@example.com' },
});
const keys: string[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: CREATE_CONCURRENCY }, async () => {
    while (next < N) {
      next++;
      const res = await fetch(`${apiUrl}/v1/documents`, {
        method: 'POST',
        headers: { ...supplier.auth, 'content-type': 'application/json' },
        body: invoice,
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
      keys.push(((await res.json()) as { document: { accessKey: string } }).document.accessKey);
    }
  }),
);
async function poll(what: string, done: () => Promise<boolean>, timeoutMs: number, everyMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
const authorized = async () =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from documents where access_key = any($1) and status = 'AUTHORIZED'`,
      [keys],
    )
  ).rows[0]!.n;
await poll('the supplier’s invoices to be authorized', async () => (await authorized()) === N, 600_000, 500);
const seedSeconds = (performance.now() - seedStart) / 1000;

// The portal's report: Latin-1, CRLF, a header and one line per key (test/purchases' format).
const header =
  'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
const day = (k: string) => `${k.slice(0, 2)}/${k.slice(2, 4)}/${k.slice(4, 8)}`;
const txt = Buffer.from(
  [
    header,
    ...keys.map(
      (k) =>
        `${k.slice(10, 23)}\tCOMERCIAL PRUEBAS ÑANDÚ S.A.\tFactura\t${k.slice(24, 27)}-${k.slice(27, 30)}-${k.slice(30, 39)}\t${k}\t${day(k)} 10:00:00\t${day(k)}\t${importer.ruc}\t110\t13.5\t123.5\t`,
    ),
    '',
  ].join('\r\n'),
  'latin1',
);

// ---- the import ----
const pids = {
  api: api.child.pid!,
  worker: worker.child.pid!,
  simulator: simulator.child.pid!,
};
const cpu = (): Record<string, number> => ({
  ...Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid) ?? 0])),
  postgres: postgresCpuMs(postmasterPid) ?? 0,
});
const cpuBefore = cpu();
api.child.kill('SIGUSR2');
worker.child.kill('SIGUSR2');
// This process's own delay over the same span: it does next to nothing (polls), so its delay is
// the machine's, a process waiting for a core, the floor under the service's figures.
const ownDelay = monitorEventLoopDelay({ resolution: 10 });
ownDelay.enable();
const load1 = loadavg()[0]!;
const t0 = performance.now();
const started = await fetch(`${apiUrl}/v1/purchase-imports`, {
  method: 'POST',
  headers: { ...importer.auth, 'content-type': 'text/plain' },
  body: txt,
});
if (started.status !== 202) throw new Error(`import: ${started.status} ${await started.text()}`);
const t202 = performance.now();
const importId = ((await started.json()) as { import: { id: string } }).import.id;
// A client watching the progress, as the web app does (once a second).
let watching = true;
const watcher = (async () => {
  while (watching) {
    const res = await fetch(`${apiUrl}/v1/purchase-imports/${importId}`, { headers: importer.auth });
    if (res.status !== 200) throw new Error(`progress: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
  }
})();
await poll(
  'the import to finish',
  async () =>
    (await db.query<{ status: string }>('select status from purchase_imports where id = $1', [importId]))
      .rows[0]!.status === 'DONE',
  600_000,
  50,
);
const tDone = performance.now();
ownDelay.disable();
api.child.kill('SIGUSR2');
worker.child.kill('SIGUSR2');
watching = false;
await watcher;
const cpuAfter = cpu();
await poll(
  'the event-loop figures',
  async () => existsSync(delayFile('api')) && existsSync(delayFile('worker')),
  10_000,
  50,
);
type Delay = { p50: number; p99: number; max: number; samples: number };
const late = (ns: number) => Math.max(0, ns / 1e6 - 10);
const delay = (name: string): Delay =>
  name === 'bench'
    ? {
        p50: late(ownDelay.percentile(50)),
        p99: late(ownDelay.percentile(99)),
        max: late(ownDelay.max),
        samples: ownDelay.count,
      }
    : (JSON.parse(readFileSync(delayFile(name), 'utf8')) as Delay);

const progress = (await (
  await fetch(`${apiUrl}/v1/purchase-imports/${importId}`, { headers: importer.auth })
).json()) as { import: { counts: Record<string, number>; processedRows: number } };
const { rows: stored } = await db.query<{ n: number }>(
  'select count(*)::int as n from purchases where access_key = any($1)',
  [keys],
);

// The yardstick: one RSA-2048 signature (crypto.sign, SHA-256, 64 bytes), the median of 200.
const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const signMs: number[] = [];
for (let i = 0; i < 220; i++) {
  const t = performance.now();
  sign('sha256', Buffer.alloc(64, i), rsaKey);
  if (i >= 20) signMs.push(performance.now() - t);
}
signMs.sort((a, b) => a - b);
const rsaMs = signMs[Math.floor(signMs.length / 2)]!;

const wallS = (tDone - t202) / 1000;
const perDocMs = (tDone - t202) / N;
const f1 = (n: number) => n.toFixed(1);
const cpuPerDoc = (k: string) => f1((cpuAfter[k]! - cpuBefore[k]!) / N);
const delayLine = (name: string) => {
  const d = delay(name);
  return `  ${name.padEnd(7)} p50 ${f1(d.p50)} ms  p99 ${f1(d.p99)} ms  max ${f1(d.max)} ms  (${d.samples} samples)`;
};
console.log(
  [
    `purchase import: ${N} keys, ${opt.tsx ? 'tsx' : 'compiled'} service (1 API + 1 worker), simulator authorization delay ${opt['sim-delay']} ms, load average ${load1.toFixed(2)} at the start`,
    `seed              ${N} invoices from the supplier authorized in ${f1(seedSeconds)} s`,
    `TXT               ${(txt.length / 1024).toFixed(0)} KB; POST answered 202 in ${f1(t202 - t0)} ms`,
    `import            ${f1(wallS)} s from the 202 to DONE = ${f1(N / wallS)} documents/s (${f1(perDocMs)} ms each = ${f1(perDocMs / rsaMs)} RSA-2048 signatures of ${rsaMs.toFixed(3)} ms, median of ${signMs.length} in this run)`,
    `outcome           ${JSON.stringify(progress.import.counts)}, ${progress.import.processedRows}/${N} rows processed, ${stored[0]!.n} purchases stored`,
    'event-loop delay from the POST to DONE (beyond the 10 ms sampling interval):',
    delayLine('api'),
    delayLine('worker'),
    `${delayLine('bench')} (this process, idle but for polling: the machine's share)`,
    `CPU ms per document: API ${cpuPerDoc('api')}  worker ${cpuPerDoc('worker')}  PostgreSQL ${cpuPerDoc('postgres')}  simulator ${cpuPerDoc('simulator')}`,
  ].join('\n'),
);

await db.end();
await Promise.all(all().map((p) => p.kill('SIGTERM')));
await embedded.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(stored[0]!.n === N ? 0 : 1);
