import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The web app's import rules (web/.dependency-cruiser.cjs), run as `npm run lint:web-imports` runs
 * them, fail on a planted tree with a cycle (through a type-only import), an import of a server
 * module, and the SDK imported by a page or past its index. The real web/src is checked once, by that script (in `npm run lint` and a step of
 * .ci/run), not again here.
 */
const run = promisify(execFile);
const ROOT = process.cwd();
const BIN = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = path.join(ROOT, 'web/.dependency-cruiser.cjs');

async function depcruise(cwd: string): Promise<{ code: number; out: string }> {
  return run(process.execPath, [BIN, '--no-progress', '--config', CONFIG, 'web/src'], { cwd }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

const planted = mkdtempSync(path.join(tmpdir(), 'web-import-rules-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

describe('web import rules (dependency-cruiser)', () => {
  it('fail on a cycle, an import of a server module, and the SDK past api.ts or its index', async () => {
    const file = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(planted, rel)), { recursive: true });
      writeFileSync(path.join(planted, rel), text);
    };
    file(
      'web/src/pages/detail.tsx',
      "import { Modal } from './modal';\nexport const Detail = () => Modal;\n",
    );
    file(
      'web/src/pages/modal.tsx',
      "import type { Detail } from './detail';\nexport const Modal: typeof Detail | null = null;\n",
    );
    file(
      'web/src/form.ts',
      "import { rules } from '../../src/shared/rules';\nimport { db } from '../../src/db/pool';\nexport const x = [rules, db];\n",
    );
    file(
      'web/src/pages/keys.tsx',
      "import { HttpCore } from '../../../sdk/src/index';\nexport const k = HttpCore;\n",
    );
    file(
      'web/src/api.ts',
      "import { HttpCore } from '../../sdk/src/index';\nexport const core = HttpCore;\n",
    );
    file(
      'web/src/api-models.ts',
      "import type { Problem } from '../../sdk/src/types';\nexport type P = Problem;\n",
    );
    file('sdk/src/index.ts', "export { HttpCore } from './http';\n");
    file('sdk/src/http.ts', 'export class HttpCore {}\n');
    file('sdk/src/types.ts', 'export type Problem = { code: string };\n');
    file('src/shared/rules.ts', 'export const rules = 1;\n');
    file('src/db/pool.ts', 'export const db = 1;\n');
    const { code, out } = await depcruise(planted);
    expect(code).not.toBe(0);
    expect(out).toMatch(/web-no-cycle: web\/src\/pages\/(detail|modal)\.tsx/);
    expect(out).toContain('web-server-shared-only: web/src/form.ts → src/db/pool.ts');
    expect(out).not.toContain('src/shared/rules.ts');
    // The SDK: from api.ts and api-models.ts only, through its index only.
    expect(out).toContain('web-sdk-through-api: web/src/pages/keys.tsx → sdk/src/index.ts');
    expect(out).toContain('web-sdk-public-face: web/src/api-models.ts → sdk/src/types.ts');
    expect(out).not.toContain('web/src/api.ts → sdk/src/index.ts');
  }, 60_000);
});
