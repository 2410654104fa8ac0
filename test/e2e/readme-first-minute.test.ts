import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestDatabase } from '../helpers/database.js';
import { freePort } from '../helpers/ports.js';
import { waitForReady } from '../helpers/wait.js';

/**
 * The README's "First minute with the API", run as written (its `sh` blocks, taken from the README
 * itself so it cannot drift) in a fresh folder against the service as `npm start` runs it: API,
 * worker and tax authority simulator in one process. Only the base URL is replaced by this run's.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'einvoice-readme-'));
let service: ChildProcess | null = null;
let output = '';
let base = '';
let dropDatabase: () => Promise<void> = async () => {};

function firstMinuteScript(readme: string): string {
  const start = readme.indexOf('## First minute with the API');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.join('\n');
}

beforeAll(async () => {
  await serverCompiled();
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  const port = await freePort();
  base = `http://localhost:${port}`;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  service = spawn(process.execPath, [compiledEntry('main')], {
    cwd: REPO,
    env: {
      ...env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SRI_SIMULATOR_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  service.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  service.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  await waitForReady(base, service, () => output);
}, 120_000);

afterAll(async () => {
  if (service && service.exitCode === null) {
    const exited = new Promise((r) => service?.once('exit', r));
    service.kill('SIGTERM');
    await exited;
  }
  await dropDatabase();
  rmSync(work, { recursive: true, force: true });
});

describe("the README's first minute", () => {
  it('goes from a sandbox certificate to an authorized invoice and its RIDE, as written', () => {
    const script = firstMinuteScript(readFileSync(path.join(REPO, 'README.md'), 'utf8'));
    // The section covers the whole path: each step is there to be run.
    for (const step of [
      'sandbox:cert',
      '/v1/register',
      'mail:last',
      '/v1/verify-email',
      '/v1/documents',
      '/ride',
    ])
      expect(script).toContain(step);
    const runnable = script.replaceAll('http://localhost:3000', base);
    const out = execFileSync(
      'bash',
      ['-euo', 'pipefail', '-c', `npm() { command npm --prefix "$REPO" "$@"; }\n${runnable}`],
      {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, REPO, DATA_DIR: path.join(work, 'data') },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000,
      },
    );
    expect(existsSync(path.join(work, 'firma-prueba.p12'))).toBe(true);
    const registration = JSON.parse(readFileSync(path.join(work, 'registration.json'), 'utf8'));
    expect(registration).toMatchObject({ ok: true, apiKey: expect.stringMatching(/^eik_test_/) });
    expect(out).toMatch(/"ok":true,"email":"owner@example.com"/);
    const invoice = JSON.parse(readFileSync(path.join(work, 'invoice.json'), 'utf8'));
    expect(invoice.document).toMatchObject({ documentType: '01', total: '123.50' });
    const statuses = out
      .trim()
      .split('\n')
      .filter((l) => /^[A-Z_]+$/.test(l));
    expect(statuses.at(-1)).toBe('AUTHORIZED');

    const pdf = readFileSync(path.join(work, 'factura.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', path.join(work, 'factura.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain(invoice.document.accessKey);
    expect(text).toContain('Mi Empresa S.A.');
    expect(readFileSync(path.join(work, 'factura.xml'), 'utf8')).toContain(invoice.document.accessKey);
  }, 180_000);
});
