import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { verifiedTenant } from '../helpers/tenants.js';

/**
 * The README's SDK snippet ("First minute with the API"), taken from the README and run unchanged
 * with tsx against the service on a port, with its worker and the tax authority simulator: it must
 * reach AUTHORIZED and save the RIDE and the XML. It imports `@einvoice-ec/sdk` as a user's script
 * inside the repository does: the workspace package, whose dist/ the repository's `npm install`
 * built (root "prepare"). The port reaches it through EINVOICE_URL, which the snippet reads.
 */
const REPO = path.resolve(import.meta.dirname, '../..');
// Inside the repository (node_modules/.cache, ignored by git): resolution walks up to its node_modules.
const cache = path.join(REPO, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(path.join(cache, 'einvoice-sdk-readme-'));
let sri: TestSri;
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  sri = await startTestSri({ authorizationDelayMs: 200 });
  ctx = await createTestContext({
    sriUrl: sri.simulator.url,
    clock: sri.clock,
    env: { SRI_AUTH_CHECK_DELAY_MS: '300' },
  });
  await ctx.startWorker();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await sri?.close();
  rmSync(work, { recursive: true, force: true });
});

function sdkSnippet(readme: string): string {
  const start = readme.indexOf('## First minute with the API');
  const end = readme.indexOf('\n## ', start + 1);
  const blocks = [...readme.slice(start, end).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

describe("the README's SDK snippet", () => {
  it('issues an invoice, follows it to AUTHORIZED and saves its RIDE and XML', async () => {
    const t = await verifiedTenant(ctx);
    writeFileSync(
      path.join(work, 'first-minute.mts'),
      sdkSnippet(readFileSync(path.join(REPO, 'README.md'), 'utf8')),
    );
    // Asynchronous: the service answers from this very process.
    const { stdout: out } = await promisify(execFile)(
      process.execPath,
      ['--import', path.join(REPO, 'node_modules/tsx/dist/loader.mjs'), 'first-minute.mts'],
      {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, API_KEY: t.apiKey, ISSUER_ID: t.issuerId, EINVOICE_URL: base },
        timeout: 90_000,
      },
    );
    expect(out.trim().split('\n').at(-1)).toBe('AUTHORIZED');
    expect(readFileSync(path.join(work, 'factura-sdk.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const xml = readFileSync(path.join(work, 'factura-sdk.xml'), 'utf8');
    expect(xml).toContain('<estado>AUTORIZADO</estado>');
  }, 120_000);
});
