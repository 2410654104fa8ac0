/**
 * End to end at a fixed rate: create → SRI reception → authorization → buyer email → webhook.
 * The real service in child processes (API and worker apart, `--api N --workers N`), the tax
 * authority simulator in its own process, an embedded PostgreSQL (or DATABASE_URL, e.g. through
 * PgBouncer), a local SMTP sink (smtp-server) and a local HTTPS webhook receiver in this process.
 * Documents are created open-loop at `--rate` per second for `--duration` seconds; the bench then
 * waits (up to `--drain` s) for the last webhooks and prints the achieved rate, the backlog over
 * time, create → webhook latency, emails delivered, SQL statements per document (every `pg` query
 * of the service's processes, counted by bench/lib/count-sql.mjs), CPU per document (from /proc)
 * and the RSS of each process.
 *
 *   npx tsx bench/e2e.bench.ts [--rate 100] [--duration 300] [--sim-delay 100] [--api 1]
 *                              [--workers 1] [--drain 60] [--warmup 50]
 *
 * Extra settings for the service go through the environment (WORKER_CONCURRENCY=…, SRI_…).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ensureServerBuilt } from '../scripts/ensure-built.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { startPgBouncer } from '../test/helpers/pgbouncer.js';
import { writeTestTls } from '../test/helpers/tls.js';
import { benchInvoice } from './lib/bodies.js';
import { cpuMs, postgresCpuMs, rssMb } from './lib/proc-stats.js';
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
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '300' },
    'sim-delay': { type: 'string', default: '100' },
    api: { type: 'string', default: '1' },
    workers: { type: 'string', default: '1' },
    drain: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '50' },
    /** Writes V8 CPU profiles of the API and worker processes into this directory. */
    'cpu-prof': { type: 'string' },
    /** Runs the service from src/ under tsx instead of the compiled dist/ that `npm start` runs. */
    tsx: { type: 'boolean', default: false },
    /**
     * Puts Debian's PgBouncer (transaction mode; session mode for DATABASE_LISTEN_URL) between the
     * service and the database, with DATABASE_PREPARED_STATEMENTS=false (PgBouncer 1.18).
     */
    pgbouncer: { type: 'boolean', default: false },
    /** Samples pg_stat_activity every 100 ms and prints what the service's backends waited on. */
    'pg-waits': { type: 'boolean', default: false },
    /**
     * Loads pg_stat_statements into the embedded PostgreSQL and prints the statements that took
     * the most time (nested ones included, waits included).
     */
    'pg-statements': { type: 'boolean', default: false },
  },
});
const RATE = Number(opt.rate);
const DURATION_S = Number(opt.duration);
const SIM_DELAY_MS = Number(opt['sim-delay']);
const API_PROCESSES = Number(opt.api);
const WORKER_PROCESSES = Number(opt.workers);
const DRAIN_S = Number(opt.drain);
const WARMUP_DOCS = Number(opt.warmup);
const SAMPLE_MS = 5000;

const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-e2e-'));
const tls = writeTestTls(path.join(dir, 'tls'));
const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      database: 'einvoice',
      settings: opt['pg-statements']
        ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' }
        : {},
    });
const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
// Session connections: each worker keeps WORKER_CONCURRENCY + 3, each API 1 + 2 (docs/scaling.md).
const bouncer = opt.pgbouncer
  ? await startPgBouncer(databaseUrl, {
      sessionPoolSize:
        WORKER_PROCESSES * (Number(process.env.WORKER_CONCURRENCY ?? 32) + 3) + API_PROCESSES * 3 + 2,
    })
  : null;
const postmasterPid = embedded
  ? Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
  : null;

// The SMTP sink: counts messages; parses nothing but the verification email's token.
let emails = 0;
let verificationToken: string | null = null;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      emails++;
      if (verificationToken === null) {
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        verificationToken =
          /token=3D([0-9a-f]{64})|token=([0-9a-f]{64})/.exec(raw)?.slice(1).find(Boolean) ?? null;
      }
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

// The webhook receiver: the first arrival of each document's access key (a DOCUMENT_AUTHORIZED
// notification lists the newest documents of its aggregation window).
const webhookAt = new Map<string, number>();
let webhooks = 0;
const receiver = createServer(
  { cert: readFileSync(tls.certFile, 'utf8'), key: readFileSync(tls.keyFile, 'utf8') },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      webhooks++;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data?: { metadata?: { documents?: { accessKey: string }[] } };
        };
        for (const d of body.data?.metadata?.documents ?? [])
          if (!webhookAt.has(d.accessKey)) webhookAt.set(d.accessKey, now);
      } catch {}
      res.writeHead(200).end('ok');
    });
  },
);
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `https://localhost:${(receiver.address() as AddressInfo).port}/hook`;

const simPort = await freePort();
const simulatorUrl = `http://127.0.0.1:${simPort}`;
const common: Record<string, string> = {
  NODE_ENV: 'development',
  DATA_DIR: dir,
  MASTER_KEY: `${'0'.repeat(63)}7`,
  DATABASE_URL: bouncer?.url ?? databaseUrl,
  ...(bouncer ? { DATABASE_LISTEN_URL: bouncer.sessionUrl, DATABASE_PREPARED_STATEMENTS: 'false' } : {}),
  LOG_LEVEL: 'warn',
  ...(process.env.SERVICE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVICE_NODE_OPTIONS } : {}),
  HOST: '127.0.0.1',
  SRI_SIMULATOR: 'false',
  SRI_TEST_URL: simulatorUrl,
  SRI_PRODUCTION_URL: simulatorUrl,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  NODE_EXTRA_CA_CERTS: tls.caFile,
  WEBHOOK_ALLOW_PRIVATE: 'true',
  REGISTRATION_RATE_LIMIT: '1000',
  API_RATE_LIMIT: '100000000',
};
const counted = (name: string) => ({ BENCH_COUNT_SQL: path.join(dir, `sql-${name}.json`) });
const COUNT_SQL = ['./bench/lib/count-sql.mjs'];
// The service as production runs it (`npm start`: compiled JavaScript), unless --tsx.
if (!opt.tsx) ensureServerBuilt((m) => console.error(m));
const startService = (name: string, args: string[], env: Record<string, string>, preload: string[]) =>
  opt.tsx
    ? startTsx(name, 'src/main.ts', args, env, preload)
    : startNode(name, 'dist/main.js', args, env, [...productionNodeFlags(), ...preload]);
const profile = (name: string) =>
  opt['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opt['cpu-prof'], name)}`] : [];

const simulatorEnv = {
  ...common,
  SRI_SIMULATOR_PORT: String(simPort),
  SRI_SIMULATOR_AUTH_DELAY_MS: String(SIM_DELAY_MS),
};
const simulator = opt.tsx
  ? startTsx('simulator', 'src/sri-simulator-cli.ts', [], simulatorEnv)
  : startNode('simulator', 'dist/sri-simulator-cli.js', [], simulatorEnv, profile('simulator'));
const apis: { name: string; url: string; proc: NodeProcess }[] = [];
const workers: { name: string; proc: NodeProcess }[] = [];
const all = () => [simulator, ...apis.map((a) => a.proc), ...workers.map((w) => w.proc)];
process.on('exit', () => {
  for (const p of all()) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  // Also when the bench dies on an error: stop() signals the server at once (it shuts itself
  // down after we are gone); it does nothing when the server already stopped.
  void embedded?.stop();
  // PgBouncer runs as its own user (runuser): signalled by its pid, synchronously.
  const bouncerPid = bouncer?.pid();
  if (bouncerPid) process.kill(bouncerPid, 'SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const p of all()) p.child.kill('SIGKILL');
    void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
await waitForHttp(`${simulatorUrl}/simulator/stats`);
// The first API process migrates the database alone; the others start once it is ready.
for (let i = 0; i < API_PROCESSES; i++) {
  const port = await freePort();
  const name = `api${i + 1}`;
  const proc = startService(name, ['--api'], { ...common, ...counted(name), PORT: String(port) }, [
    ...COUNT_SQL,
    ...profile(name),
  ]);
  apis.push({ name, url: `http://127.0.0.1:${port}`, proc });
  if (i === 0) await waitForHttp(`${apis[0]!.url}/readyz`, 120_000);
}
for (let i = 0; i < WORKER_PROCESSES; i++) {
  const name = `worker${i + 1}`;
  workers.push({
    name,
    proc: startService(name, ['--worker'], { ...common, ...counted(name) }, [...COUNT_SQL, ...profile(name)]),
  });
}
await Promise.all(apis.map((a) => waitForHttp(`${a.url}/readyz`, 120_000)));

const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
if (opt['pg-statements']) await db.query('create extension if not exists pg_stat_statements');

// A verified tenant (webhook endpoints need one) with an endpoint for DOCUMENT_AUTHORIZED.
const { payload, headers } = await multipart(registrationFields(makeCertificate()));
const registered = await fetch(`${apis[0]!.url}/v1/register`, { method: 'POST', body: payload, headers });
if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
const tenant = (await registered.json()) as { issuer: { id: string }; apiKey: string };
const deadline = Date.now() + 60_000;
while (verificationToken === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
if (verificationToken === null) throw new Error('no verification email arrived');
const verified = await fetch(`${apis[0]!.url}/v1/verify-email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ token: verificationToken }),
});
if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
const auth = { authorization: `Bearer ${tenant.apiKey}`, 'x-issuer-id': tenant.issuer.id };
const endpoint = await fetch(`${apis[0]!.url}/v1/webhooks`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ url: receiverUrl, eventTypes: ['DOCUMENT_AUTHORIZED'] }),
});
if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);

const agents = apis.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
const body = JSON.stringify(benchInvoice());
const createdAt = new Map<string, number>();
let createErrors = 0;
let next = 0;
function create(): Promise<void> {
  const i = next++ % apis.length;
  const target = new URL(`${apis[i]!.url}/v1/documents`);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent: agents[i],
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode === 201) {
            const key = (
              JSON.parse(Buffer.concat(chunks).toString('utf8')) as { document: { accessKey: string } }
            ).document.accessKey;
            createdAt.set(key, t0);
          } else createErrors++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      createErrors++;
      resolve();
    });
    req.end(body);
  });
}

async function waitForWebhooks(keys: () => Iterable<string>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    let missing = 0;
    for (const k of keys()) if (!webhookAt.has(k)) missing++;
    if (missing === 0) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Warm-up (JIT, caches, connections): its documents are left out of every figure.
await Promise.all(Array.from({ length: WARMUP_DOCS }, () => create()));
if (!(await waitForWebhooks(() => createdAt.keys(), 60_000))) {
  const missing = [...createdAt.keys()].filter((k) => !webhookAt.has(k));
  throw new Error(
    `${missing.length} of ${createdAt.size} warm-up documents got no webhook in 60 s: ${JSON.stringify(await stuck(missing))}`,
  );
}

/** Where documents without a webhook are: their status, email status and the jobs waiting. */
async function stuck(accessKeys: string[]) {
  const { rows: docs } = await db.query(
    `select status, email_status, count(*)::int as n from documents where access_key = any($1)
      group by 1, 2`,
    [accessKeys],
  );
  const { rows: jobs } = await db.query(
    `select task_identifier, locked_by is not null as locked, attempts, run_at <= now() as due,
            left(last_error, 200) as last_error, count(*)::int as n
       from graphile_worker.jobs group by 1, 2, 3, 4, 5`,
  );
  const { rows: deliveries } = await db.query(
    `select status, count(*)::int as n from webhook_deliveries group by 1`,
  );
  return { docs, jobs, deliveries };
}
const warm = new Set(createdAt.keys());

type Counts = Record<string, number>;
const processes = () => [...apis, ...workers].map((p) => ({ name: p.name, pid: p.proc.child.pid! }));
function readCounts(name: string): Counts {
  try {
    return JSON.parse(readFileSync(path.join(dir, `sql-${name}.json`), 'utf8')) as Counts;
  } catch {
    return {};
  }
}
async function snapshot() {
  // The counters are flushed every 500 ms: wait for a fresh write.
  await new Promise((r) => setTimeout(r, 700));
  return {
    at: performance.now(),
    emails,
    sql: Object.fromEntries(processes().map((p) => [p.name, readCounts(p.name)])),
    cpu: Object.fromEntries(processes().map((p) => [p.name, cpuMs(p.pid) ?? 0])),
    pgCpu: postmasterPid ? postgresCpuMs(postmasterPid) : null,
    simCpu: cpuMs(simulator.child.pid!) ?? 0,
    bouncerCpu: bouncer?.pid() ? (cpuMs(bouncer.pid()!) ?? 0) : 0,
    benchCpu: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  };
}

const before = await snapshot();
const rss = new Map<string, number[]>();
const samples: {
  t: number;
  created: number;
  inFlight: number;
  pending: number;
  ready: number;
  jobs: number;
}[] = [];
const measured = () => [...createdAt.keys()].filter((k) => !warm.has(k));
const loadStart = performance.now();
const sampler = setInterval(async () => {
  for (const p of processes()) {
    const mb = rssMb(p.pid);
    if (mb !== null) rss.set(p.name, [...(rss.get(p.name) ?? []), mb]);
  }
  const keys = measured();
  const inFlight = keys.filter((k) => !webhookAt.has(k)).length;
  const [{ rows: jobs }, { rows: docs }] = await Promise.all([
    db.query<{ ready: string; total: string }>(
      `select count(*) filter (where run_at <= now() and locked_at is null) as ready, count(*) as total
       from graphile_worker.jobs`,
    ),
    db.query<{ n: string }>(`select count(*) as n from documents where status in ('SIGNED', 'RECEIVED')`),
  ]);
  samples.push({
    t: (performance.now() - loadStart) / 1000,
    created: keys.length,
    inFlight,
    pending: Number(docs[0]!.n),
    ready: Number(jobs[0]!.ready),
    jobs: Number(jobs[0]!.total),
  });
}, SAMPLE_MS);

// A wait profile of PostgreSQL: every 100 ms, what each active backend of the service waits on.
const waits = new Map<string, number>();
let waitSamples = 0;
const waitSampler = opt['pg-waits']
  ? setInterval(async () => {
      const { rows } = await db.query<{ w: string; n: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, count(*) as n from pg_stat_activity
         where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()
         group by 1`,
      );
      waitSamples++;
      for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + Number(r.n));
    }, 100)
  : null;

// Open loop: document i is sent at loadStart + i / RATE, whatever the answers do.
const total = Math.round(RATE * DURATION_S);
const inflight: Promise<void>[] = [];
let sent = 0;
while (sent < total) {
  const due = Math.min(total, Math.floor(((performance.now() - loadStart) / 1000) * RATE) + 1);
  while (sent < due) {
    sent++;
    inflight.push(create());
  }
  await new Promise((r) => setTimeout(r, 5));
}
await Promise.all(inflight);
const loadSeconds = (performance.now() - loadStart) / 1000;
const drained = await waitForWebhooks(measured, DRAIN_S * 1000);
clearInterval(sampler);
const after = await snapshot();
// Emails are sent after the authorization commits: give the last ones a moment.
const keys = measured();

// ---- figures ----
const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
const latencies = keys
  .filter((k) => webhookAt.has(k))
  .map((k) => webhookAt.get(k)! - createdAt.get(k)!)
  .sort((a, b) => a - b);
const delivered = latencies.length;
const f1 = (n: number) => n.toFixed(1);
const delta = (name: string, kind: string) =>
  (after.sql[name]?.[kind] ?? 0) - (before.sql[name]?.[kind] ?? 0);
const sumOver = (names: string[], kind: string) => names.reduce((n, name) => n + delta(name, kind), 0);
const apiNames = apis.map((a) => a.name);
const workerNames = workers.map((w) => w.name);
// The API's figures are per document created; the worker's (and PostgreSQL's, mostly the
// worker's) per document that went all the way to its webhook, which is every one unless the
// drain ran out (then the worker's figures also carry the unfinished documents' first steps).
const perDoc = (n: number) => f1(n / Math.max(1, keys.length));
const perDone = (n: number) => f1(n / Math.max(1, delivered));
const cpuOf = (names: string[]) => names.reduce((n, name) => n + (after.cpu[name]! - before.cpu[name]!), 0);

// Backlog trend: least-squares slope of documents in flight over the load's second half.
const half = samples.filter((s) => s.t >= loadSeconds / 2 && s.t <= loadSeconds);
let slope = 0;
if (half.length >= 2) {
  const mt = half.reduce((n, s) => n + s.t, 0) / half.length;
  const mi = half.reduce((n, s) => n + s.inFlight, 0) / half.length;
  const num = half.reduce((n, s) => n + (s.t - mt) * (s.inFlight - mi), 0);
  const den = half.reduce((n, s) => n + (s.t - mt) ** 2, 0);
  slope = den > 0 ? num / den : 0;
}
const growing = slope > Math.max(0.5, RATE * 0.01);

if (waitSampler) clearInterval(waitSampler);
const pgbouncerStats = bouncer
  ? (await bouncer.show('stats')).filter((r) => String(r.database).startsWith('einvoice'))
  : [];
// The yardstick of the CPU ratios (docs/performance.md): one RSA-2048 signature (`crypto.sign`, SHA-256, 64 bytes),
// the median of 200 measured in this process right after the load, on the same cores.
const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const signMs: number[] = [];
let signCpu = process.cpuUsage();
for (let i = 0; i < 220; i++) {
  if (i === 20) signCpu = process.cpuUsage();
  const t0 = performance.now();
  sign('sha256', Buffer.alloc(64, i), rsaKey);
  if (i >= 20) signMs.push(performance.now() - t0);
}
signCpu = process.cpuUsage(signCpu);
signMs.sort((a, b) => a - b);
const rsaMs = signMs[Math.floor(signMs.length / 2)]!;
// The same signatures in CPU time (this process's, over the 200): on a machine shared with other
// work both the service's CPU per document and this one grow with the contention for caches and
// cores, where the median wall time picks the signatures that ran undisturbed.
const rsaCpuMs = (signCpu.user + signCpu.system) / 1000 / signMs.length;
// Service CPU (API + worker + PostgreSQL) per document that reached its webhook (so authorized).
const serviceMs =
  (cpuOf(apiNames) +
    cpuOf(workerNames) +
    (after.pgCpu !== null && before.pgCpu !== null ? after.pgCpu - before.pgCpu : 0)) /
  Math.max(1, delivered);
const lines = [
  `e2e: rate ${RATE}/s for ${DURATION_S} s, simulator authorization delay ${SIM_DELAY_MS} ms, ${API_PROCESSES} API + ${WORKER_PROCESSES} worker processes, ${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}${bouncer ? ' through PgBouncer (transaction mode)' : ''}${process.env.WORKER_CONCURRENCY ? `, WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY}` : ''}`,
  `created           ${keys.length} documents in ${f1(loadSeconds)} s = ${f1(keys.length / loadSeconds)}/s achieved (${createErrors} errors)`,
  `webhooked         ${delivered}/${keys.length}${drained ? '' : ` (drain of ${DRAIN_S} s ran out)`}; ${webhooks} webhook requests`,
  `create→webhook    p50 ${f1(q(latencies, 0.5))} ms  p95 ${f1(q(latencies, 0.95))} ms  p99 ${f1(q(latencies, 0.99))} ms  max ${f1(latencies.at(-1) ?? Number.NaN)} ms`,
  `emails delivered  ${after.emails - before.emails} to the SMTP sink (${keys.length} expected)`,
  `backlog           ${growing ? 'GROWING' : 'flat'}: documents in flight change by ${f1(slope)}/s over the load's second half`,
  '  t(s)  created  in-flight  SIGNED/RECEIVED  ready jobs  all jobs',
  ...samples.map(
    (s) =>
      `  ${f1(s.t).padStart(5)}  ${String(s.created).padStart(7)}  ${String(s.inFlight).padStart(9)}  ${String(s.pending).padStart(15)}  ${String(s.ready).padStart(10)}  ${String(s.jobs).padStart(8)}`,
  ),
  'SQL statements per document (every pg query of the processes, warm-up excluded; API per created, worker per webhooked):',
  ...(
    [
      ['API', apiNames],
      ['worker', workerNames],
    ] as const
  ).map(([label, names]) => {
    const per = label === 'API' ? perDoc : perDone;
    return `  ${label.padEnd(7)} ${per(sumOver(names, 'total')).padStart(6)}  in ${per(sumOver(names, 'roundTrips'))} round trips  (transactions ${per(sumOver(names, 'transactions'))}, job fetches ${per(sumOver(names, 'jobFetches'))}, job adds ${per(sumOver(names, 'jobAdds'))}, job completions ${per(sumOver(names, 'jobCompletions'))}, other ${per(sumOver(names, 'app'))})`;
  }),
  'CPU ms per document:',
  `  API ${perDoc(cpuOf(apiNames))} (per document created)   worker ${perDone(cpuOf(workerNames))}   PostgreSQL ${
    after.pgCpu !== null && before.pgCpu !== null ? perDone(after.pgCpu - before.pgCpu) : 'n/a (DATABASE_URL)'
  }   simulator ${perDone(after.simCpu - before.simCpu)} (per document webhooked)`,
  `  this bench (load generator, SMTP sink, webhook receiver) ${perDone(after.benchCpu - before.benchCpu)}`,
  ...(bouncer
    ? [
        `  PgBouncer ${perDone(after.bouncerCpu - before.bouncerCpu)} (not in the service figure below): service + PgBouncer ${f1(serviceMs + (after.bouncerCpu - before.bouncerCpu) / Math.max(1, delivered))} = ${f1((serviceMs + (after.bouncerCpu - before.bouncerCpu) / Math.max(1, delivered)) / rsaCpuMs)} RSA-2048 signatures by their CPU time`,
      ]
    : []),
  `  service (API + worker + PostgreSQL) ${f1(serviceMs)} per authorized document = ${f1(serviceMs / rsaMs)} RSA-2048 signatures (crypto.sign ${rsaMs.toFixed(3)} ms, median of ${signMs.length} in this run; ${f1(serviceMs / rsaCpuMs)} by their CPU time, ${rsaCpuMs.toFixed(3)} ms each)`,
  ...(pgbouncerStats.length > 0
    ? [
        'PgBouncer (SHOW STATS, whole run):',
        ...pgbouncerStats.map(
          (r) =>
            `  ${String(r.database).padEnd(17)} ${r.total_xact_count} transactions, ${r.total_query_count} queries`,
        ),
      ]
    : []),
  ...(waitSamples > 0
    ? [
        `PostgreSQL active backends by wait event (mean over ${waitSamples} samples; CPU = not waiting):`,
        ...[...waits]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([w, n]) => `  ${(n / waitSamples).toFixed(2).padStart(6)}  ${w}`),
      ]
    : []),
  'RSS MB (max / last sample):',
  ...processes().map((p) => {
    const xs = rss.get(p.name) ?? [];
    return `  ${p.name.padEnd(8)} ${f1(Math.max(...xs))} / ${f1(xs.at(-1) ?? Number.NaN)}`;
  }),
];
console.log(lines.join('\n'));
writeFileSync(path.join(tmpdir(), 'einvoice-e2e-last.txt'), `${lines.join('\n')}\n`);

for (const a of agents) a.destroy();
if (opt['pg-statements']) {
  // The statements by total time, nested ones (triggers, functions) included: time includes waits.
  const { rows } = await db.query(
    `select calls, round(total_exec_time) as ms, round((total_exec_time / calls)::numeric, 3) as per_call,
            wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q
       from pg_stat_statements order by total_exec_time desc limit 25`,
  );
  console.log('pg_stat_statements (whole run): calls, total ms, ms per call, WAL bytes, statement');
  for (const r of rows)
    console.log(
      `${String(r.calls).padStart(8)} ${String(r.ms).padStart(8)} ${String(r.per_call).padStart(9)} ${String(r.wal_bytes).padStart(11)}  ${r.q}`,
    );
}
await db.end();
await Promise.all(all().map((p) => p.kill('SIGTERM')));
smtp.close(() => {});
receiver.close();
await bouncer?.stop();
await embedded?.stop();
if (process.env.BENCH_COUNT_SQL_TEXTS === '1')
  for (const p of processes())
    writeFileSync(
      path.join(tmpdir(), `einvoice-e2e-sql-${p.name}.txt`),
      readFileSync(path.join(dir, `sql-${p.name}.json.texts`), 'utf8'),
    );
rmSync(dir, { recursive: true, force: true });
process.exit(0);
