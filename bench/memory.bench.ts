/**
 * Memory (docs/performance.md, docs/scaling.md): resident memory (VmRSS from /proc) of the API process and of the worker
 * process, idle and under load, under tsx (`npm run dev`'s way, the old `npm start`) and compiled
 * (`npm start`: dist/ under plain node). Load: GET /v1/tenants/me at concurrency 16 and
 * POST /v1/documents at concurrency 4 for `seconds`, the worker taking every document through
 * the simulator (started by the worker) to AUTHORIZED and the buyer's email; RSS sampled every
 * 200 ms, the peak printed. Target: under 200 MB each.
 *   npx tsx bench/memory.bench.ts [seconds of load, default 20]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuilt } from '../scripts/ensure-built.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { runLoad } from './lib/load.js';
import { freePort, productionNodeFlags, waitForHttp } from './lib/processes.js';

const seconds = Number(process.argv[2] ?? 20);
ensureServerBuilt((m) => console.log(`# ${m}`));

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function measure(mode: 'tsx' | 'compiled') {
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-bench-mem-'));
  chmodSync(dir, 0o755);
  const pgPort = await freePort();
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: pgPort,
    database: 'einvoice',
  });
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dir,
    DATABASE_URL: embedded.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    SRI_SIMULATOR_PORT: String(await freePort()),
    SRI_AUTH_CHECK_DELAY_MS: '300',
    SRI_SIMULATOR_AUTH_DELAY_MS: '100',
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: '0',
    REGISTRATION_RATE_LIMIT: '100000',
  };
  const entry =
    mode === 'compiled' ? [...productionNodeFlags(), 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const started = performance.now();
  const api = spawn(process.execPath, [...entry, '--api'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const worker = spawn(process.execPath, [...entry, '--worker'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const procs: [string, ChildProcess][] = [
    ['API', api],
    ['worker', worker],
  ];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/readyz`);
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 5000));
    const idle = procs.map(([, p]) => rssMb(p.pid!));

    const { payload, headers } = await multipart(registrationFields(makeCertificate()));
    const reg = await fetch(`${base}/v1/register`, { method: 'POST', body: payload, headers });
    if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
    const r = (await reg.json()) as { apiKey: string; issuer: { id: string } };
    const auth = { authorization: `Bearer ${r.apiKey}` };
    const peak = [0, 0];
    const sampler = setInterval(() => {
      procs.forEach(([, p], i) => {
        peak[i] = Math.max(peak[i]!, rssMb(p.pid!));
      });
    }, 200);
    const [reads, creates] = await Promise.all([
      runLoad({ url: `${base}/v1/tenants/me`, headers: auth, concurrency: 16, seconds }),
      runLoad({
        url: `${base}/v1/documents`,
        method: 'POST',
        headers: { ...auth, 'x-issuer-id': r.issuer.id, 'content-type': 'application/json' },
        body: JSON.stringify(invoiceBody()),
        concurrency: 4,
        seconds,
        expectStatus: 201,
      }),
    ]);
    // The worker's backlog drains: its peak covers the documents created above.
    await new Promise((r) => setTimeout(r, 5000));
    clearInterval(sampler);
    console.log(
      `${mode.padEnd(9)} ready ${(readyMs / 1000).toFixed(1)} s | idle API ${idle[0]!.toFixed(0)} MB, worker ${idle[1]!.toFixed(0)} MB | under load API ${peak[0]!.toFixed(0)} MB, worker ${peak[1]!.toFixed(0)} MB | ${reads.rps.toFixed(0)} reads/s, ${creates.rps.toFixed(0)} creates/s (${reads.errors + creates.errors} errors)`,
    );
  } finally {
    for (const [, p] of procs) {
      p.kill('SIGTERM');
      await new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)));
    }
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `# memory bench: ${process.platform} node ${process.version}, ${seconds} s of load per mode, RSS in MB`,
);
await measure('tsx');
await measure('compiled');
