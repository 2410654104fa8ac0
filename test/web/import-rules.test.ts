import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The web app's import rules (web/.dependency-cruiser.cjs), run as `npm run lint:web-imports` runs
 * them, fail on a planted tree with a cycle (through a type-only import) and an import of a server
 * module. The real web/src is checked once, by that script (in `npm run lint` and a step of
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
  it('fail on a cycle and on an import of a server module', async () => {
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
    file('src/shared/rules.ts', 'export const rules = 1;\n');
    file('src/db/pool.ts', 'export const db = 1;\n');
    const { code, out } = await depcruise(planted);
    expect(code).not.toBe(0);
    expect(out).toMatch(/web-no-cycle: web\/src\/pages\/(detail|modal)\.tsx/);
    expect(out).toContain('web-server-shared-only: web/src/form.ts → src/db/pool.ts');
    expect(out).not.toContain('src/shared/rules.ts');
  }, 60_000);
});
