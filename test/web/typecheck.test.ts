import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The web app has its own tsconfig (DOM types stay out of the server's), so the root
 * `tsc --noEmit` does not see it: this test keeps its sources type-checked in every run.
 */
describe('web app sources', () => {
  it('type-check under web/tsconfig.json', async () => {
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'web/tsconfig.json'],
      {
        cwd: process.cwd(),
      },
    ).catch((e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }));
    expect('code' in result ? result.stdout : '').toBe('');
  }, 120_000);
});
