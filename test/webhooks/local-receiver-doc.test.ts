import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.js';
import { waitFor } from '../helpers/wait.js';

/**
 * docs/webhooks.md "Try webhooks locally", followed as written: its OpenSSL command, its receiver
 * (file and command), and its service command line's variables, given to a process started with
 * them that delivers through the service's own sender (src/modules/webhooks/http-sender.ts, the
 * configuration read by src/config). Also what the doc says happens without each variable.
 */
const REPO = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'einvoice-webhook-doc-'));
const run = promisify(execFile);
let receiver: ChildProcess | undefined;
afterAll(() => {
  receiver?.kill();
  rmSync(work, { recursive: true, force: true });
});

function section(): string {
  const doc = readFileSync(path.join(REPO, 'docs/webhooks.md'), 'utf8');
  const start = doc.indexOf('## Try webhooks locally');
  expect(start).toBeGreaterThan(0);
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
}
const blocks = (text: string, lang: string) =>
  [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) =>
    m[1]!.replace(/^ {3}/gm, ''),
  );

/** The doc's `VAR=value … npm start` line as an environment. */
function serviceEnv(line: string): Record<string, string> {
  expect(line.trim()).toMatch(/ npm start$/);
  return Object.fromEntries([...line.matchAll(/([A-Z_]+)=(\S+)/g)].map(([, k, v]) => [k!, v!]));
}

/** A process started with `env` (and nothing inherited of the test's CA) delivering once. */
async function deliver(
  env: Record<string, string>,
  url: string,
): Promise<{ success: boolean; error: string | null }> {
  const script = path.join(work, 'deliver.mts');
  writeFileSync(
    script,
    `import { loadConfig } from ${JSON.stringify(path.join(REPO, 'src/config/config.ts'))};
import { postWebhook } from ${JSON.stringify(path.join(REPO, 'src/modules/webhooks/http-sender.ts'))};
const { webhooks } = loadConfig({ ...process.env, NODE_ENV: 'test', MASTER_KEY: '0'.repeat(63) + '1' });
const r = await postWebhook({ url: process.argv[2], body: '{"event":"WEBHOOK_TEST"}',
  headers: { 'content-type': 'application/json', 'webhook-id': 'msg_doc' },
  timeoutMs: 10000, allowPrivate: webhooks.allowPrivate });
console.log(JSON.stringify({ success: r.success, error: r.error }));
`,
  );
  const { NODE_EXTRA_CA_CERTS: _ignored, WEBHOOK_ALLOW_PRIVATE: _too, ...inherited } = process.env;
  const { stdout } = await run(
    process.execPath,
    ['--import', path.join(REPO, 'node_modules/tsx/dist/loader.mjs'), script, url],
    { cwd: work, env: { ...inherited, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('docs/webhooks.md, "Try webhooks locally"', () => {
  it('the certificate, the receiver and the service variables deliver a test event', async () => {
    const text = section();
    const [openssl, start] = blocks(text, 'sh');
    const [receiverJs] = blocks(text, 'js');
    await run('bash', ['-euc', openssl!], { cwd: work, timeout: 60_000 });
    writeFileSync(path.join(work, 'receiver.mjs'), receiverJs!);
    expect(text).toContain('started with `node receiver.mjs`');
    const port = await freePort();
    let out = '';
    receiver = spawn(process.execPath, ['receiver.mjs'], {
      cwd: work,
      env: { ...process.env, PORT: String(port) },
    });
    receiver.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
    });
    await waitFor('receiver ready', () => out.includes('receiver ready'));
    const url = `https://localhost:${port}/hook`;

    const env = serviceEnv(start!);
    expect(env).toEqual({ WEBHOOK_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: 'receiver-cert.pem' });
    expect(await deliver(env, url)).toEqual({ success: true, error: null });
    await waitFor('delivery printed', () => out.includes('msg_doc {"event":"WEBHOOK_TEST"}'));

    // What the doc says happens without each variable.
    const refused = await deliver({ NODE_EXTRA_CA_CERTS: env.NODE_EXTRA_CA_CERTS! }, url);
    expect(refused.error).toMatch(/^refused: localhost resolves to 127\.0\.0\.1, /);
    const untrusted = await deliver({ WEBHOOK_ALLOW_PRIVATE: 'true' }, url);
    expect(untrusted.error).toContain('self-signed certificate');
  }, 180_000);
});
