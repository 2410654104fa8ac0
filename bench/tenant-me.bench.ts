/**
 * Issue 16, target 5: GET /v1/tenants/me against a bare Fastify + pg route doing one query, on the
 * same machine and database, in the same run (runs alternate so drift hits both). The service is
 * the compiled build `npm start` runs, API only, with its defaults (auth cache on, rate limiter on:
 * one upsert per request), then without the rate limiter, without the cache, and with
 * DATABASE_PREPARED_STATEMENTS=false, to show each part's cost. Prints req/s, latency and the ratio to the bare route.
 *   npx tsx bench/tenant-me.bench.ts [seconds per run, default 5] [concurrency, default 16]
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt } from '../scripts/ensure-built.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { formatLoad, type LoadResult, runLoad } from './lib/load.js';
import { freePort, startTsx, waitForHttp } from './lib/processes.js';
import { type BenchServer, startServer } from './lib/server.js';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 16);

ensureServerBuilt((m) => console.log(`# ${m}`));
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-bench-me-'));
chmodSync(dir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'einvoice' });
const servers: BenchServer[] = [];
try {
  const variants: { label: string; env: Record<string, string> }[] = [
    { label: 'tenants/me (defaults)', env: {} },
    { label: 'tenants/me, API_RATE_LIMIT=0', env: { API_RATE_LIMIT: '0' } },
    { label: 'tenants/me, no cache, no limit', env: { API_RATE_LIMIT: '0', AUTH_CACHE_TTL_MS: '0' } },
    // What DATABASE_PREPARED_STATEMENTS=false (PgBouncer 1.18) costs: every statement parsed again.
    {
      label: 'tenants/me, no limit, unnamed',
      env: { API_RATE_LIMIT: '0', DATABASE_PREPARED_STATEMENTS: 'false' },
    },
  ];
  for (const v of variants)
    servers.push(
      await startServer({ args: ['--api'], compiled: true, env: { DATABASE_URL: embedded.url, ...v.env } }),
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
      `# tenant-me bench: ${process.platform} node ${process.version}, concurrency ${concurrency}, ${seconds} s per run, two rounds`,
    );
    const targets = [
      { label: 'bare Fastify + pg, one query', url: bareUrl, headers: {} },
      ...variants.map((v, i) => ({ label: v.label, url: `${servers[i]!.url}/v1/tenants/me`, headers: auth })),
    ];
    for (const t of targets) await runLoad({ url: t.url, headers: t.headers, concurrency, seconds: 1 }); // warm-up
    const results = new Map<string, LoadResult[]>();
    for (let round = 0; round < 2; round++)
      for (const t of targets) {
        const r = await runLoad({ url: t.url, headers: t.headers, concurrency, seconds });
        results.set(t.label, [...(results.get(t.label) ?? []), r]);
      }
    const best = (label: string) => results.get(label)!.reduce((a, b) => (b.rps > a.rps ? b : a));
    const bareRps = best(targets[0]!.label).rps;
    for (const t of targets) {
      const r = best(t.label);
      console.log(`${formatLoad(t.label, r)}   ${(r.rps / bareRps).toFixed(2)}x bare`);
    }
    const statements = await countStatements(embedded.url, `${servers[1]!.url}/v1/tenants/me`, auth);
    console.log(`# statements per tenants/me (API_RATE_LIMIT=0, warm cache): ${statements.toFixed(2)}`);
  } finally {
    await bare.kill('SIGTERM');
  }
} finally {
  for (const s of servers) await s.stop();
  await embedded.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** Statements the server sent for 200 requests, from pg_stat_database's transaction count. */
async function countStatements(url: string, target: string, headers: Record<string, string>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const read = async () => {
    await c.query('select pg_stat_force_next_flush()');
    const { rows } = await c.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]!.n);
  };
  await fetch(target, { headers });
  await new Promise((r) => setTimeout(r, 1500)); // the usage recorder's flush
  const before = await read();
  for (let i = 0; i < 200; i++) await fetch(target, { headers });
  await new Promise((r) => setTimeout(r, 1200));
  const after = await read();
  await c.end();
  // Minus this client's own two statements per read and the usage flushes (about one a second).
  return (after - before - 2) / 200;
}
