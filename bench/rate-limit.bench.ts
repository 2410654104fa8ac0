/**
 * The cost of the shared API rate limit (its hook, its headers, a grant from PostgreSQL per up to
 * 64 requests of a key: docs/hardening.md, "Rate limits"): requests/s
 * on GET /v1/tenants/me with the limiter on (API_RATE_LIMIT high enough never to refuse) and off
 * (API_RATE_LIMIT=0), each an API process with its own embedded PostgreSQL, both up at once. The
 * runs alternate (on, off, on, off, ...) so that the load of a shared machine weighs on both alike;
 * each line prints the machine load, and the summary the medians.
 */
import { cpus, loadavg } from 'node:os';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { formatLoad, runLoad } from './lib/load.js';
import { type BenchServer, startServer } from './lib/server.js';

const ROUNDS = 5;
const SECONDS = 3;
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;

async function keyOf(server: BenchServer): Promise<Record<string, string>> {
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { apiKey } = (await reg.json()) as { apiKey: string };
  return { authorization: `Bearer ${apiKey}` };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`# rate-limit bench: GET /v1/tenants/me, API processes alone, node ${process.version}`);
const on = await startServer({ args: ['--api'], env: { API_RATE_LIMIT: '100000000' } });
const off = await startServer({ args: ['--api'], env: { API_RATE_LIMIT: '0' } });
try {
  const runs = [
    { label: 'limiter on (PostgreSQL store)', server: on, auth: await keyOf(on), rps: [] as number[] },
    { label: 'limiter off (API_RATE_LIMIT=0)', server: off, auth: await keyOf(off), rps: [] as number[] },
  ];
  for (const r of runs)
    await runLoad({ url: `${r.server.url}/v1/tenants/me`, headers: r.auth, concurrency: 16, seconds: 2 });
  for (let round = 1; round <= ROUNDS; round++) {
    for (const r of runs) {
      const before = load();
      const res = await runLoad({
        url: `${r.server.url}/v1/tenants/me`,
        headers: r.auth,
        concurrency: 16,
        seconds: SECONDS,
      });
      r.rps.push(res.rps);
      console.log(`${formatLoad(`${r.label} c=16 #${round}`, res)}   [${before}]`);
    }
  }
  const [a, b] = runs.map((r) => median(r.rps)) as [number, number];
  console.log(
    `median: limiter on ${a.toFixed(0)} req/s, off ${b.toFixed(0)} req/s: the limiter costs ${(((b - a) / b) * 100).toFixed(1)}% of throughput`,
  );
} finally {
  await Promise.all([on.stop(), off.stop()]);
}
