import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { benchInvoice } from './lib/bodies.js';
import { seededRandom, startFaultInjection } from './lib/chaos.js';
import { callCounts, ledger, recoveryCounts, statusCounts, unfinished } from './lib/ledger.js';
import { freePort, type NodeProcess, startTsx, waitForHttp } from './lib/processes.js';

/**
 * Reliability under faults: the tax authority simulator, the API and the worker each in a process
 * of their own on a fresh embedded PostgreSQL. One tenant issues DOCUMENTS invoices (a few asking
 * the simulator for DEVUELTA or NO AUTORIZADO) while random faults are injected over the
 * simulator's HTTP control routes (HTTP 500, time-outs, slow answers, dropped answers, EN PROCESO)
 * and the worker is killed with SIGKILL and restarted several times. Then every document must
 * reach its final state: none lost, none sent twice blindly.
 * Run: npx tsx bench/reliability.bench.ts [documents] [seed]
 */
const DOCUMENTS = Number(process.argv[2] ?? 1000);
const SEED = Number(process.argv[3] ?? 20261121);
const CONCURRENCY = 8;
const CLIENT_TIMEOUT_MS = 2000;
/** One random fault per this many calls to the tax authority. */
const CALLS_PER_FAULT = 6;
const KILLS = 4;
const DEADLINE_MS = 15 * 60_000;
const random = seededRandom(SEED);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-reliability-'));
chmodSync(dir, 0o755);
const [pgPort, simPort, apiPort] = [await freePort(), await freePort(), await freePort()];
const embedded = await startEmbeddedPostgres({ dataDir: dir, port: pgPort, database: 'einvoice' });
const masterKey = '0'.repeat(63) + '7';
const simulatorUrl = `http://127.0.0.1:${simPort}`;
const common = {
  NODE_ENV: 'development',
  DATA_DIR: dir,
  MASTER_KEY: masterKey,
  DATABASE_URL: embedded.url,
  LOG_LEVEL: 'error',
  HOST: '127.0.0.1',
  SRI_SIMULATOR: 'false',
  SRI_TEST_URL: simulatorUrl,
  SRI_PRODUCTION_URL: simulatorUrl,
};
const processes: NodeProcess[] = [];
const simulator = startTsx('simulator', 'src/sri-simulator-cli.ts', [], {
  ...common,
  SRI_SIMULATOR_PORT: String(simPort),
  SRI_SIMULATOR_AUTH_DELAY_MS: '500',
});
processes.push(simulator);
const api = startTsx('api', 'src/main.ts', ['--api'], {
  ...common,
  PORT: String(apiPort),
  REGISTRATION_RATE_LIMIT: '1000',
  API_RATE_LIMIT: '100000000',
});
processes.push(api);
const apiUrl = `http://127.0.0.1:${apiPort}`;
await Promise.all([waitForHttp(`${simulatorUrl}/simulator/stats`), waitForHttp(`${apiUrl}/readyz`)]);

const workerEnv = {
  ...common,
  SRI_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS),
  SRI_AUTH_CHECK_DELAY_MS: '1000',
  WORKER_CONCURRENCY: '16',
};
let worker = startTsx('worker', 'src/main.ts', ['--worker'], workerEnv);
// Whatever happens to the bench, none of its processes outlives it.
const killAll = () => {
  for (const p of [...processes, worker]) if (p.child.exitCode === null) p.child.kill('SIGKILL');
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killAll();
    void embedded.stop().finally(() => process.exit(130));
  });
const db = new pg.Pool({ connectionString: embedded.url, max: 4 });

const { payload, headers } = await multipart(registrationFields(makeCertificate()));
const registered = await fetch(`${apiUrl}/v1/register`, { method: 'POST', body: payload, headers });
if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
const tenant = (await registered.json()) as {
  tenant: { id: string };
  issuer: { id: string };
  apiKey: string;
};

/** About 3% of the documents ask for a refusal, so every final state is exercised. */
function bodyFor(): object {
  const r = random();
  const directive = r < 0.03 ? 'DEVUELTA' : r < 0.06 ? 'NO_AUTORIZADO' : null;
  return benchInvoice(directive ? [{ name: 'simulador', value: directive }] : []);
}

const started = Date.now();
const chaos = startFaultInjection({
  simulatorUrl,
  random,
  callsPerFault: CALLS_PER_FAULT,
  hangMs: CLIENT_TIMEOUT_MS + 1500,
  slowMaxMs: CLIENT_TIMEOUT_MS - 600,
});
const kills: string[] = [];
const killer = (async () => {
  for (let k = 0; k < KILLS; k++) {
    await new Promise((r) => setTimeout(r, 4000 + random() * 8000));
    await worker.kill('SIGKILL');
    kills.push(secs(Date.now() - started));
    await new Promise((r) => setTimeout(r, 300 + random() * 1200));
    worker = startTsx('worker', 'src/main.ts', ['--worker'], workerEnv);
  }
})();

let next = 0;
let refused = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < DOCUMENTS) {
      next++;
      const res = await fetch(`${apiUrl}/v1/documents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tenant.apiKey}`,
          'x-issuer-id': tenant.issuer.id,
          'content-type': 'application/json',
        },
        body: JSON.stringify(bodyFor()),
      });
      if (res.status !== 201) refused++;
      await res.arrayBuffer();
    }
  }),
);
const issuedAt = Date.now();
await killer;
// Faults go on until nearly every document is final, so the whole traffic meets them; the last
// few settle in calm weather.
while (
  (await unfinished(db, tenant.tenant.id)) > DOCUMENTS * 0.05 &&
  Date.now() - started < DEADLINE_MS / 2
) {
  await new Promise((r) => setTimeout(r, 500));
}
await chaos.stop();
const faultsStoppedAt = Date.now();

let remaining = await unfinished(db, tenant.tenant.id);
while (remaining > 0 && Date.now() - started < DEADLINE_MS) {
  await new Promise((r) => setTimeout(r, 1000));
  remaining = await unfinished(db, tenant.tenant.id);
}
const settledAt = Date.now();

const books = await ledger(db, tenant.tenant.id);
let simBlind = 0;
let unmarked = 0;
let simSubmissions = 0;
for (const doc of books.values()) {
  const res = await fetch(`${simulatorUrl}/simulator/documents/${doc.accessKey}`);
  const seen =
    res.status === 200 ? ((await res.json()) as { document: { submissions: number } }).document : null;
  const submissions = seen?.submissions ?? 0;
  simSubmissions += submissions;
  simBlind += Math.max(0, submissions - 1 - doc.notFound);
  unmarked += Math.max(0, submissions - doc.marks);
}
const docs = [...books.values()];
const sum = (f: (d: (typeof docs)[number]) => number) => docs.reduce((n, d) => n + f(d), 0);
const stats = (
  (await (await fetch(`${simulatorUrl}/simulator/stats`)).json()) as {
    stats: { faults: Record<string, number> };
  }
).stats;
const final = await statusCounts(db, tenant.tenant.id);
const calls = await callCounts(db, tenant.tenant.id);
const recovery = await recoveryCounts(db, tenant.tenant.id);
const byOp = (op: string) =>
  calls
    .filter((c) => c.operation_type === op)
    .map((c) => `${c.status} ${c.n}`)
    .join(', ');

const lines = [
  `reliability: ${DOCUMENTS} documents, seed ${SEED}, ${CONCURRENCY} API clients, worker SRI time-out ${CLIENT_TIMEOUT_MS} ms`,
  `issued            ${docs.length} documents in ${secs(issuedAt - started)} (${refused} requests refused)`,
  `faults injected   ${Object.entries(chaos.injected)
    .map(([k, v]) => `${k} ${v}`)
    .join(
      ' · ',
    )} (uses requested, one fault per ${CALLS_PER_FAULT} calls, for ${secs(faultsStoppedAt - started)})`,
  `faults applied    ${Object.entries(stats.faults)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ')} (simulator counters)`,
  `worker kills      ${kills.length} × SIGKILL, at ${kills.join(', ')}; restarted each time`,
  `final states      ${Object.entries(final)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ')}`,
  `expected states   ${sum((d) => (d.status === d.expected ? 1 : 0))} of ${docs.length} ended as their directive said`,
  `lost              ${remaining} (not final ${secs(DEADLINE_MS)} after the start)`,
  `blind duplicates  ${sum((d) => d.blind)} by our log (a send after a send without answer, no NOT_FOUND query between)`,
  `                  ${simBlind} by the simulator (submissions beyond the first not preceded by a NOT_FOUND query)`,
  `unmarked sends    ${unmarked} (calls the simulator saw without an in-flight mark committed before them)`,
  `43/70 answers     ${sum((d) => d.alreadyHad)} (sends of a document the tax authority already had)`,
  `submissions       ${simSubmissions} reception calls seen by the simulator for ${docs.length} documents; ${sum((d) => d.notFound)} authorization queries found no record and allowed a resend`,
  `recovery          ${recovery.requeued} documents re-queued by the sweep after a kill; ${recovery.errors} ERROR events; longest backoff ${secs(recovery.longest ?? 0)}`,
  `reception         ${byOp('RECEPTION')}`,
  `authorization     ${byOp('AUTHORIZATION')}`,
  `settled           ${remaining === 0 ? 'all final' : 'NOT all final'} ${secs(settledAt - started)} after the first document; ${secs(settledAt - faultsStoppedAt)} after the faults stopped`,
];
process.stdout.write(`${lines.join('\n')}\n`);

await db.end();
await worker.kill('SIGTERM');
for (const p of processes) await p.kill('SIGTERM');
await embedded.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(remaining === 0 && sum((d) => d.blind) === 0 && simBlind === 0 ? 0 : 1);
