import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { serverCompiled } from '../helpers/compiled.js';
import { registrationFields } from '../helpers/fixtures.js';
import { multipart } from '../helpers/multipart.js';
import { waitForReady } from '../helpers/wait.js';

/**
 * The newcomer's path: the service as `npm start` runs it (API, worker, simulator and an embedded
 * PostgreSQL of its own under DATA_DIR), stopped with SIGTERM and started again on the same data.
 * `npm start` compiles the server into dist/ (scripts/ensure-built.ts) and runs plain node on it:
 * so does this test, which also proves migrations, WSDLs and the web app resolve from dist/.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'einvoice-start-'));
// The embedded server runs as the `postgres` user when we are root: it must reach the directory.
chmodSync(dataDir, 0o755);
const port = 41000 + Math.floor(Math.random() * 2000);
const pgPort = port + 3000;
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | null = null;
let output = '';

// `npm start`'s own first step (scripts/ensure-built.ts), once per run for every test that starts
// the compiled server (test/helpers/server-build-global-setup.ts).
beforeAll(async () => {
  await serverCompiled();
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  output = '';
  const proc = spawn(
    process.execPath,
    ['--max-semi-space-size=4', '--max-old-space-size=2048', '--heap-growing-percent=50', 'dist/main.js'],
    {
      env: {
        ...env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_PG_PORT: String(pgPort),
        SRI_SIMULATOR_PORT: String(port + 6000),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proc.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  await waitForReady(base, proc, () => output);
  return proc;
}

async function stop(proc: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  proc.kill('SIGTERM');
  return exited;
}

describe('the service as npm start runs it', () => {
  it('is the compiled server under plain node, built by prestart', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    // A young generation of 3 × 4 MB instead of 3 × 16 MB, and an old generation that V8 grows to
    // 1.5 × what is live after each full collection instead of up to 4 ×: RSS about 140 MB per
    // process under load (docs/scaling.md, "Memory").
    const flags = '--max-semi-space-size=4 --max-old-space-size=2048 --heap-growing-percent=50';
    expect(scripts.start).toBe(`node ${flags} dist/main.js`);
    expect(scripts.prestart).toBe('tsx scripts/ensure-built.ts');
    expect(scripts['start:worker']).toBe(`node ${flags} dist/main.js --worker`);
    expect(scripts['start:api']).toBe(`node ${flags} dist/main.js --api`);
    expect(scripts.dev).toMatch(/^tsx /);
  });

  it('serves with its embedded database, stops cleanly on SIGTERM, and keeps its data across restarts', async () => {
    child = await start();
    // What the compiled modules read beside the sources: the web app, the API guide, the WSDLs.
    expect(await (await fetch(`${base}/`)).text()).toContain('<div id="root">');
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    const wsdl = await fetch(
      `http://127.0.0.1:${port + 6000}/comprobantes-electronicos-ws/RecepcionComprobantesOffline?wsdl`,
    );
    expect(await wsdl.text()).toContain('RecepcionComprobantesOffline');
    const { payload, headers } = await multipart(registrationFields(makeCertificate()));
    const reg = await fetch(`${base}/v1/register`, { method: 'POST', body: payload, headers });
    expect(reg.status).toBe(201);
    const { apiKey } = (await reg.json()) as { apiKey: string };
    const auth = { authorization: `Bearer ${apiKey}` };
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${base}/v1/tenants/me`, { headers: auth })).status).toBe(200);

    // The shutdown flushes the buffered request counts before the database stops.
    expect(await stop(child)).toBe(0);
    expect(output).not.toMatch(/usage flush failed|error during shutdown|terminating connection/);
    // The embedded server went down with the service: its socket and lock are gone.
    expect(existsSync(`/tmp/.s.PGSQL.${pgPort}`)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    child = await start();
    const keys = await fetch(`${base}/v1/keys`, { headers: auth });
    expect(keys.status).toBe(200);
    const list = (await keys.json()) as { keys: { requestCount: number }[] };
    // The three reads of the first run, and this one not yet flushed.
    expect(list.keys[0]!.requestCount).toBeGreaterThanOrEqual(3);
    expect(await stop(child)).toBe(0);
    // Two starts of an embedded PostgreSQL (initdb the first time): 75 s for one on a loaded machine.
  }, 240_000);
});
