import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { verifiedTenant } from '../helpers/tenants.js';

/**
 * sdk/README.md "Outside the repository": the SDK packed with `npm pack`, the tarball installed
 * into an empty project outside the repository, and called from there (ESM and CommonJS) against
 * the service on a port. The pack reuses the dist/ the repository's install built
 * (--ignore-scripts: prepack would rebuild it under the feet of the other SDK tests).
 */
const REPO = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'einvoice-sdk-tarball-'));
const run = promisify(execFile);
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(work, { recursive: true, force: true });
});

const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, npm_config_cache: path.join(work, '.npm') },
  });

describe('the SDK installed from a packed tarball', () => {
  it('packs, installs into a project outside the repository, and calls the API by import and require', async () => {
    const packs = path.join(work, 'packs');
    mkdirSync(packs);
    await npm(['pack', '--ignore-scripts', '--pack-destination', packs], path.join(REPO, 'sdk'));
    const [tarball] = readdirSync(packs);
    expect(tarball).toMatch(/^einvoice-ec-sdk-\d+\.\d+\.\d+\.tgz$/);

    const project = path.join(work, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), '{"name":"my-project","private":true}\n');
    await npm(['install', '--offline', path.join(packs, tarball!)], project);

    const t = await verifiedTenant(ctx);
    const env = { ...process.env, API_KEY: t.apiKey, ISSUER_ID: t.issuerId, EINVOICE_URL: base };
    const call = `
      const client = new EinvoiceClient({ apiKey: process.env.API_KEY, issuerId: process.env.ISSUER_ID, baseUrl: process.env.EINVOICE_URL });
      const v = await client.documents.validate({ documentType: '01' });
      console.log(JSON.stringify({ valid: v.valid, errors: v.errors.length > 0 }));`;
    writeFileSync(
      path.join(project, 'esm.mjs'),
      `import { EinvoiceClient } from '@einvoice-ec/sdk';\n${call}\n`,
    );
    writeFileSync(
      path.join(project, 'cjs.cjs'),
      `const { EinvoiceClient } = require('@einvoice-ec/sdk');\n(async () => {${call}})();\n`,
    );
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      const { stdout } = await run(process.execPath, [file], {
        cwd: project,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(JSON.parse(stdout.trim()), file).toEqual({ valid: false, errors: true });
    }
  }, 180_000);
});
