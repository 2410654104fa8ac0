/**
 * `npx tsx bench/auth-ab.ts <other checkout>`: the auth bench's main line (GET /v1/tenants/me,
 * concurrency 16) on this checkout and on another one (e.g. main before a change), both API
 * processes up at once, runs alternating (A, B, A, B, ...) so a shared machine's load weighs on
 * both alike; prints every run with the load and the medians: how to compare two builds of
 * the request path on a shared machine (docs/performance.md).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { freePort } from '../test/helpers/ports.js';
import { runLoad } from './lib/load.js';

const other = process.argv[2];
if (!other) throw new Error('usage: tsx bench/auth-ab.ts <other checkout>');
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const SECONDS = Number(process.env.SECONDS ?? 4);

async function start(cwd: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'einvoice-ab-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--api'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      REGISTRATION_RATE_LIMIT: '100000',
      API_RATE_LIMIT: '100000000',
      MASTER_KEY: `${'0'.repeat(63)}9`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; ; ) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server in ${cwd} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${url}/v1/register`, { method: 'POST', body: payload, headers });
  const { apiKey } = (await reg.json()) as { apiKey: string };
  return {
    url,
    auth: { authorization: `Bearer ${apiKey}` },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const servers = [
  { label: `before (${other})`, server: await start(other), rps: [] as number[], p50: [] as number[] },
  {
    label: 'after (this checkout)',
    server: await start(process.cwd()),
    rps: [] as number[],
    p50: [] as number[],
  },
];
try {
  for (const s of servers)
    await runLoad({
      url: `${s.server.url}/v1/tenants/me`,
      headers: s.server.auth,
      concurrency: 16,
      seconds: 2,
    });
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 ? [...servers].reverse() : servers) {
      const r = await runLoad({
        url: `${s.server.url}/v1/tenants/me`,
        headers: s.server.auth,
        concurrency: 16,
        seconds: SECONDS,
      });
      s.rps.push(r.rps);
      s.p50.push(r.p50);
      console.log(
        `${s.label.padEnd(28)} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}  (load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores)`,
      );
    }
  }
  for (const s of servers)
    console.log(
      `median ${s.label.padEnd(28)} ${median(s.rps).toFixed(0)} req/s  p50 ${median(s.p50).toFixed(2)} ms`,
    );
} finally {
  for (const s of servers) await s.server.stop();
}
