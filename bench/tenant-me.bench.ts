/**
 * Per-request overhead (docs/performance.md): GET /v1/tenants/me against a bare Fastify + pg route doing one query, on the
 * same machine and database, in the same run (runs alternate so drift hits both). The service is
 * the compiled build `npm start` runs, API only, with its defaults (auth cache on, rate limiter on:
 * one grant per up to 64 requests of a key), then without the rate limiter, without the cache, and with
 * DATABASE_PREPARED_STATEMENTS=false, to show each part's cost. Prints req/s, latency and the ratio to the bare route,
 * and the same ratio in CPU: the server's and PostgreSQL's CPU milliseconds per request (from
 * /proc, the load generator left out), the bare route's divided by ours. On a machine shared with
 * other work the throughput ratio follows whoever else runs; the CPU ratio barely moves.
 * Statements per request are read from pg_stat_database after PostgreSQL's idle backends have
 * flushed their counters (up to 10 s; read sooner, they miss most of the run's statements).
 *   npx tsx bench/tenant-me.bench.ts [seconds per run, default 5] [concurrency, default 16] [--cpu-prof]
 *                                    [--no-statements] [--variants N]
 * --cpu-prof writes a V8 profile of the service with the defaults to bench/profiles/ (summarize it
 * with `npx tsx bench/profile-summary.ts <file>`).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt } from '../scripts/ensure-built.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { formatLoad, type LoadResult, runLoad } from './lib/load.js';
import { cpuMs, postgresCpuMs } from './lib/proc-stats.js';
import { freePort, startTsx, waitForHttp } from './lib/processes.js';
import { type BenchServer, startServer } from './lib/server.js';

const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--variants');
const cpuProf = process.argv.includes('--cpu-prof');
// --no-statements skips the statement count (two 11 s waits for PostgreSQL's counters): a short run.
const countThem = !process.argv.includes('--no-statements');
/** Statements the server sent per request (over 300), from pg_stat_database's transaction count. */
const REQUESTS = 300;
// --variants N starts only the first N service variants (default all 4): fewer processes to start.
const variantsArg = process.argv.indexOf('--variants');
const variantCount = variantsArg > 0 ? Number(process.argv[variantsArg + 1]) : 4;
const seconds = Number(positional[0] ?? 5);
const concurrency = Number(positional[1] ?? 16);
const profileDir = path.resolve('bench/profiles');

ensureServerBuilt((m) => console.log(`# ${m}`));
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-bench-me-'));
chmodSync(dir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'einvoice' });
const postmasterPid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const servers: BenchServer[] = [];
try {
  const allVariants: { label: string; env: Record<string, string> }[] = [
    { label: 'tenants/me (defaults)', env: {} },
    { label: 'tenants/me, API_RATE_LIMIT=0', env: { API_RATE_LIMIT: '0' } },
    { label: 'tenants/me, no cache, no limit', env: { API_RATE_LIMIT: '0', AUTH_CACHE_TTL_MS: '0' } },
    // What DATABASE_PREPARED_STATEMENTS=false (PgBouncer 1.18) costs: every statement parsed again.
    {
      label: 'tenants/me, no limit, unnamed',
      env: { API_RATE_LIMIT: '0', DATABASE_PREPARED_STATEMENTS: 'false' },
    },
  ];
  const variants = allVariants.slice(0, variantCount);
  for (const [i, v] of variants.entries())
    servers.push(
      await startServer({
        args: ['--api'],
        compiled: true,
        env: { DATABASE_URL: embedded.url, ...v.env },
        nodeArgs: cpuProf && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      }),
    );
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${servers[0]!.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { apiKey, tenant } = (await reg.json()) as { apiKey: string; tenant: { id: string } };
  const auth = { authorization: `Bearer ${apiKey}` };

  const barePort = await freePort();
  const bare = startTsx('bare', 'bench/lib/bare-pg-server.ts', [String(barePort)], {
    DATABASE_URL: embedded.url,
    TENANT_ID: tenant.id,
  });
  const bareUrl = `http://127.0.0.1:${barePort}/tenant`;
  try {
    await waitForHttp(bareUrl);
    console.log(
      `# tenant-me bench: ${process.platform} node ${process.version}, concurrency ${concurrency}, ${seconds} s per run, two rounds, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const targets = [
      { label: 'bare Fastify + pg, one query', url: bareUrl, headers: {}, pid: bare.child.pid! },
      ...variants.map((v, i) => ({
        label: v.label,
        url: `${servers[i]!.url}/v1/tenants/me`,
        headers: auth,
        pid: servers[i]!.process.pid!,
      })),
    ];
    for (const t of targets) await runLoad({ url: t.url, headers: t.headers, concurrency, seconds: 1 }); // warm-up
    const results = new Map<string, LoadResult[]>();
    const cpu = new Map<string, { server: number; pg: number; requests: number }>();
    for (let round = 0; round < 2; round++)
      for (const t of targets) {
        const server0 = cpuMs(t.pid) ?? 0;
        const pg0 = postgresCpuMs(postmasterPid) ?? 0;
        const r = await runLoad({ url: t.url, headers: t.headers, concurrency, seconds });
        const c = cpu.get(t.label) ?? { server: 0, pg: 0, requests: 0 };
        cpu.set(t.label, {
          server: c.server + (cpuMs(t.pid) ?? 0) - server0,
          pg: c.pg + (postgresCpuMs(postmasterPid) ?? 0) - pg0,
          requests: c.requests + r.requests,
        });
        results.set(t.label, [...(results.get(t.label) ?? []), r]);
      }
    const best = (label: string) => results.get(label)!.reduce((a, b) => (b.rps > a.rps ? b : a));
    // µs of CPU per request: the server's own, and the server's plus PostgreSQL's (all of its
    // processes, so background work such as another variant's request-log flush lands here too).
    const perRequest = (label: string) => {
      const c = cpu.get(label)!;
      return { server: (c.server * 1000) / c.requests, all: ((c.server + c.pg) * 1000) / c.requests };
    };
    const bareRps = best(targets[0]!.label).rps;
    const bareCpu = perRequest(targets[0]!.label);
    for (const t of targets) {
      const r = best(t.label);
      const c = perRequest(t.label);
      console.log(`${formatLoad(t.label, r)}   ${(r.rps / bareRps).toFixed(2)}x bare`);
      console.log(
        `    CPU per request: server ${c.server.toFixed(0)} µs (${(bareCpu.server / c.server).toFixed(2)}x bare), server + PostgreSQL ${c.all.toFixed(0)} µs (${(bareCpu.all / c.all).toFixed(2)}x bare)`,
      );
    }
    console.log(
      `# load average after the runs: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    // The variant without the limiter first: the defaults server's request log is still writing
    // what the load runs buffered (up to 20,000 rows), which is not what a request costs.
    for (const i of countThem ? [1, 0].filter((v) => v < servers.length) : []) {
      const statements = await countStatements(embedded.url, `${servers[i]!.url}/v1/tenants/me`, auth);
      console.log(`# statements per request, ${variants[i]!.label}, warm caches: ${statements.toFixed(3)}`);
    }
  } finally {
    await bare.kill('SIGTERM');
  }
} finally {
  for (const s of servers) await s.stop();
  await embedded.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function countStatements(url: string, target: string, headers: Record<string, string>) {
  const c = new pg.Client({ connectionString: url });
  // A connection the server ends (the bench stopping on another error) must not hide that error.
  c.on('error', () => {});
  await c.connect();
  const read = async () => {
    await c.query('select pg_stat_force_next_flush()');
    const { rows } = await c.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]!.n);
  };
  // An idle backend flushes its counters within 10 s (PGSTAT_IDLE_INTERVAL): wait that long on
  // both sides, or the count misses what the service's connections did.
  const settle = () => new Promise((r) => setTimeout(r, 11_000));
  for (let i = 0; i < 20; i++) await fetch(target, { headers });
  await settle();
  const before = await read();
  for (let i = 0; i < REQUESTS; i++) await fetch(target, { headers });
  await settle();
  const after = await read();
  await c.end();
  // Minus this client's own two statements per read. The usage and request-log flushes (one
  // statement a second each at most) are counted: they are what the requests cost.
  return (after - before - 2) / REQUESTS;
}
