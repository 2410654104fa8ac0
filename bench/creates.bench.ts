/**
 * Creates on one issuer (docs/creates.md): POST /v1/documents through the real HTTP API, the
 * API alone in its own process (no worker, so documents stay SIGNED) on a fresh embedded
 * PostgreSQL started here. Prints creates/s and p50/p95/p99 at concurrency 1, 16 and 64, a fixed
 * 250/s run (open loop: latency counted from when each request was due), round trips per create
 * (every `pg` query of the API process, auth included: bench/lib/count-queries.ts preloaded) and
 * the CPU per create of the API process and of PostgreSQL (postmaster and backends) from /proc: on
 * a shared machine, where creates/s follows the other tenants' load (printed), CPU per create is
 * the figure that compares. Then the same issuer with a 396 KB logo, then two API processes
 * on the same database and issuer. Last, the sequentials are checked in SQL: unique, gapless, and
 * the counter equal to the highest.
 * Run: npx tsx bench/creates.bench.ts [seconds per run]
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { benchInvoice } from './lib/bodies.js';
import { formatLoad, type LoadResult, runLoad, runRate } from './lib/load.js';
import { freePort, type NodeProcess, startTsx, waitForHttp } from './lib/processes.js';

const SECONDS = Number(process.argv[2] ?? 6);
const LOGO_BYTES = 396 * 1024;

const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-creates-'));
chmodSync(dir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'einvoice' });
const processes: NodeProcess[] = [];
process.on('exit', () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

interface Api {
  url: string;
  pid: number;
  countFile: string;
}

async function startApi(name: string): Promise<Api> {
  const port = await freePort();
  const countFile = path.join(dir, `${name}.queries`);
  const countQueries = path.resolve('bench/lib/count-queries.ts');
  const p = startTsx(name, 'src/main.ts', ['--api'], {
    NODE_ENV: 'development',
    DATA_DIR: dir,
    MASTER_KEY: `${'0'.repeat(63)}9`,
    DATABASE_URL: embedded.url,
    LOG_LEVEL: 'error',
    HOST: '127.0.0.1',
    PORT: String(port),
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
    REGISTRATION_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000000',
    PG_QUERY_COUNT_FILE: countFile,
    NODE_OPTIONS: `--import tsx --import ${countQueries}`,
  });
  processes.push(p);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/readyz`);
  return { url, pid: p.child.pid!, countFile };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const queries = async (api: Api) => {
  await sleep(250);
  try {
    return Number(readFileSync(api.countFile, 'utf8'));
  } catch {
    return 0;
  }
};
/** utime + stime of a process, in ms (clock ticks of 10 ms), and its parent. */
const stat = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * 10 };
};
const cpuMs = (pid: number) => stat(pid).cpu;
/** PostgreSQL's CPU: the postmaster and every backend it forked (they live as long as the pool's connections). */
const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const pgCpuMs = () => {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const s = stat(Number(entry));
      if (Number(entry) === postmaster || s.ppid === postmaster) total += s.cpu;
    } catch {}
  }
  return total;
};

const sql = new pg.Client({ connectionString: embedded.url });
await sql.connect();
try {
  const api = await startApi('api');
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${api.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const r = (await reg.json()) as { apiKey: string; issuer: { id: string } };
  const h = {
    authorization: `Bearer ${r.apiKey}`,
    'x-issuer-id': r.issuer.id,
    'content-type': 'application/json',
  };
  const body = JSON.stringify(benchInvoice());
  const post = { method: 'POST', headers: h, body, expectStatus: 201 };

  async function measured(label: string, target: Api, run: () => Promise<LoadResult>) {
    const [q0, c0, p0, load0] = [await queries(target), cpuMs(target.pid), pgCpuMs(), loadavg()[0]!];
    const res = await run();
    const [q1, c1, p1] = [await queries(target), cpuMs(target.pid), pgCpuMs()];
    const per = (n: number) => (res.requests ? n / res.requests : 0).toFixed(1);
    console.log(
      `${formatLoad(label, res)}   ${per(q1 - q0)} round trips/create   CPU/create: API ${per(c1 - c0)} ms, PostgreSQL ${per(p1 - p0)} ms   load ${load0.toFixed(1)}`,
    );
  }

  console.log(
    `# creates bench: POST /v1/documents (2-item invoice, signed), one issuer, API alone, ${SECONDS} s per run, node ${process.version}`,
  );
  await runLoad({ url: `${api.url}/v1/documents`, ...post, concurrency: 8, seconds: 3 }); // warm-up
  const closed =
    (c: number, target = api) =>
    () =>
      runLoad({ url: `${target.url}/v1/documents`, ...post, concurrency: c, seconds: SECONDS });
  const rate = (perSecond: number) => () =>
    runRate({ url: `${api.url}/v1/documents`, ...post, rate: perSecond, seconds: SECONDS });
  for (const c of [1, 16, 64]) await measured(`concurrency ${c}`, api, closed(c));
  await measured('fixed 250/s', api, rate(250));

  const logo = Buffer.alloc(LOGO_BYTES);
  // A PNG signature (the upload checks the file's first bytes) and incompressible bytes after it.
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(logo);
  for (let i = 8; i < logo.length; i++) logo[i] = (i * 2654435761) >>> 24;
  const form = await multipart({ logo: { file: logo, filename: 'logo.png', contentType: 'image/png' } });
  const up = await fetch(`${api.url}/v1/issuers/${r.issuer.id}/logo`, {
    method: 'PUT',
    body: form.payload,
    headers: { ...form.headers, authorization: h.authorization },
  });
  if (up.status !== 200) throw new Error(`logo upload failed: ${up.status} ${await up.text()}`);
  await measured(`${LOGO_BYTES / 1024} KB logo, concurrency 64`, api, closed(64));
  await measured(`${LOGO_BYTES / 1024} KB logo, fixed 250/s`, api, rate(250));

  const second = await startApi('api2');
  await runLoad({ url: `${second.url}/v1/documents`, ...post, concurrency: 8, seconds: 3 }); // warm-up
  const both = async () => {
    const [a, b] = await Promise.all([closed(32, api)(), closed(32, second)()]);
    const requests = a.requests + b.requests;
    return { ...a, requests, errors: a.errors + b.errors, rps: a.rps + b.rps };
  };
  const [q0, load0] = [(await queries(api)) + (await queries(second)), loadavg()[0]!];
  const res = await both();
  const q1 = (await queries(api)) + (await queries(second));
  console.log(
    `two API processes, 32 clients each       ${res.rps.toFixed(0).padStart(7)} req/s   (${res.requests} requests, ${res.errors} errors; p50/p99 of the first process ${res.p50.toFixed(2)}/${res.p99.toFixed(2)} ms)   ${((q1 - q0) / res.requests).toFixed(1)} round trips/create   load ${load0.toFixed(1)}`,
  );

  const check = await sql.query<{ n: number; distinct: number; low: number; high: number; counter: number }>(
    `select count(*)::int as n, count(distinct sequential)::int as distinct, min(sequential)::int as low,
            max(sequential)::int as high,
            (select current::int from issuer_sequentials
              where issuer_id = $1 and document_type = '01' and environment = 'sandbox') as counter
       from documents where issuer_id = $1 and document_type = '01' and environment = 'sandbox'`,
    [r.issuer.id],
  );
  const c = check.rows[0]!;
  const ok = c.n === c.distinct && c.low === 1 && c.high === c.n && c.counter === c.high;
  console.log(
    `sequentials: ${c.n} documents, ${c.distinct} distinct, ${c.low}..${c.high}, counter ${c.counter}: ${ok ? 'gapless and unique' : 'BROKEN'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await sql.end();
  for (const p of processes) await p.kill('SIGTERM');
  await embedded.stop();
  rmSync(dir, { recursive: true, force: true });
}
