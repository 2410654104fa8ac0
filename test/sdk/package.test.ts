import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSchemaTypes, SCHEMA_FILE } from '../../sdk/scripts/generate-types.js';
import { runChild } from '../helpers/child.js';

/** The SDK as a package: types in step with the API, ESM and CommonJS builds, nothing but fetch. */
const sdkDir = path.resolve(import.meta.dirname, '../../sdk');
const out = mkdtempSync(path.join(tmpdir(), 'einvoice-sdk-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('@einvoice-ec/sdk', () => {
  it('has schema.d.ts generated from the current OpenAPI document (npm run sdk:types)', async () => {
    const fresh = await generateSchemaTypes();
    expect(
      readFileSync(SCHEMA_FILE, 'utf8') === fresh,
      'sdk/src/schema.d.ts is stale: run npm run sdk:types',
    ).toBe(true);
    expect(fresh).toContain('createDocument: {');
    expect(fresh).toContain('Tenant: {');
  });

  it('builds ESM and CommonJS that load in Node with no runtime dependency', async () => {
    const build = await runChild(process.execPath, [path.join(sdkDir, 'scripts/build.mjs'), out]);
    expect(build.status, build.stderr).toBe(0);
    const pkg = JSON.parse(readFileSync(path.join(sdkDir, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.name).toBe('@einvoice-ec/sdk');
    for (const format of ['esm', 'cjs']) {
      for (const file of readdirSync(path.join(out, format)).filter((f) => f.endsWith('.js'))) {
        const code = readFileSync(path.join(out, format, file), 'utf8');
        const imports = [...code.matchAll(/(?:from\s+|require\()\s*["']([^"']+)["']/g)].map((m) => m[1]!);
        for (const spec of imports) expect(spec, `${format}/${file}`).toMatch(/^\.\//);
      }
    }
    const probe = (type: 'commonjs' | 'module') =>
      execFileSync(
        process.execPath,
        [
          `--input-type=${type}`,
          '-e',
          type === 'commonjs'
            ? `const s = require(${JSON.stringify(path.join(out, 'cjs/index.js'))}); console.log(typeof s.EinvoiceClient, typeof s.verifyWebhook)`
            : `const s = await import(${JSON.stringify(path.join(out, 'esm/index.js'))}); console.log(typeof s.EinvoiceClient, typeof s.verifyWebhook)`,
        ],
        { encoding: 'utf8' },
      ).trim();
    expect(probe('commonjs')).toBe('function function');
    expect(probe('module')).toBe('function function');
    expect(readFileSync(path.join(out, 'esm/index.d.ts'), 'utf8')).toContain('EinvoiceClient');
  });
});
