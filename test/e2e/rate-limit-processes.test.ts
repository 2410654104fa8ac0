import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { TEST_MASTER_KEY } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { registrationFields } from '../helpers/fixtures.js';
import { multipart } from '../helpers/multipart.js';
import { freePort } from '../helpers/ports.js';
import { waitForReady } from '../helpers/wait.js';

/**
 * Issue 13, defect 5: two API processes on one database, as `npm run start:api` runs them twice.
 * With API_RATE_LIMIT=30 one key gets exactly 30 successes a minute across both, not 30 each;
 * failed authentications from one address are refused across both as well (defect 6).
 */
const LIMIT = 30;
const FAILURES = 10;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const procs: ChildProcess[] = [];
const bases: string[] = [];
const output: string[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'einvoice-rate-'));

async function startApi(port: number): Promise<string> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const proc = spawn(process.execPath, [compiledEntry('main'), '--api'], {
    env: {
      ...env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      MASTER_KEY: TEST_MASTER_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      SRI_SIMULATOR: 'false',
      SRI_TEST_URL: 'http://127.0.0.1:1',
      SRI_PRODUCTION_URL: 'http://127.0.0.1:1',
      API_RATE_LIMIT: String(LIMIT),
      AUTH_FAILURE_RATE_LIMIT: String(FAILURES),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base, proc, () => output.join(''));
  return base;
}

beforeAll(async () => {
  await serverCompiled();
  database = await createTestDatabase();
  const [a, b] = [await freePort(), await freePort()];
  bases.push(...(await Promise.all([startApi(a), startApi(b)])));
}, 120_000);

afterAll(async () => {
  await Promise.all(
    procs.map(
      (p) =>
        new Promise((resolve) => {
          if (p.exitCode !== null) return resolve(null);
          p.once('exit', resolve);
          p.kill('SIGTERM');
        }),
    ),
  );
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two API processes on one database', () => {
  it(`give one key exactly ${LIMIT} requests a minute across both`, async () => {
    const { payload, headers } = await multipart(registrationFields(makeCertificate()));
    const reg = await fetch(`${bases[0]}/v1/register`, { method: 'POST', body: payload, headers });
    expect(reg.status, await reg.clone().text()).toBe(201);
    const { apiKey } = (await reg.json()) as { apiKey: string };
    const auth = { authorization: `Bearer ${apiKey}` };
    // 80 requests, alternating between the processes, 8 at a time.
    const results: { process: number; status: number }[] = [];
    for (let round = 0; round < 10; round++) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const process = i % 2;
            const res = await fetch(`${bases[process]}/v1/tenants/me`, { headers: auth });
            await res.arrayBuffer();
            return { process, status: res.status };
          }),
        )),
      );
    }
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(LIMIT);
    expect(results.filter((r) => r.status === 429)).toHaveLength(80 - LIMIT);
    // Both processes served some of the 30: the count is shared, not per process.
    expect(new Set(ok.map((r) => r.process)).size).toBe(2);
  }, 60_000);

  it(`refuse made-up keys from one address past ${FAILURES} failures across both`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * FAILURES; i++) {
      const res = await fetch(`${bases[i % 2]}/v1/tenants/me`, {
        headers: { authorization: `Bearer eik_test_made_up_${i}_${'x'.repeat(40)}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES);
    expect(statuses.slice(FAILURES)).toEqual(Array(FAILURES).fill(429));
  }, 60_000);
});
