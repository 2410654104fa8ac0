import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import DurationSequencer from './test/sequencer.js';

const WORKERS = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  test: {
    // Test files mostly wait (PostgreSQL, the simulator, SMTP, child processes, the browser): more
    // of them at once. Vitest's default, cores - 1, ran them one by one on two cores; at least 3.
    // Each file has its own database and ports, so files are independent (docs/testing.md).
    maxWorkers: WORKERS,
    // As many as maxWorkers: with fewer, Vitest 3.2 ends an idle thread of the shared (threads)
    // pool at the end of the run and reports "Terminating worker thread" as an unhandled error.
    minWorkers: WORKERS,
    // Vitest creates one pool of each kind from these root options (a project's own poolOptions
    // are not read). Neither isolates: a fork (test/) or a thread (the unit files of src/) runs
    // file after file and keeps the modules it loaded, so the app is imported once per fork, not
    // once per file (docs/testing.md, "How a run is laid out"). A file restores what it changes.
    poolOptions: { forks: { isolate: false }, threads: { isolate: false } },
    // The longest files first (test/durations.json), so that no long file starts last.
    sequence: { sequencer: DurationSequencer },
    testTimeout: 60_000,
    // expect.poll waits for a page or another process to reach a state: Vitest's one second is
    // too short on a loaded machine (a browser form's answer took longer at a load of 8). The
    // bound is a ceiling, never what a test asserts.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    env: { NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], pool: 'threads' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          pool: 'forks',
          // Only here: a project inherits the root's global setups and runs them again, so a root
          // list ran each twice (two PostgreSQL servers, two test CAs of one name: TLS then failed).
          // The unit files need none of them.
          // tls-global-setup: the webhook tests' HTTPS receiver and NODE_EXTRA_CA_CERTS for the workers.
          // build-global-setup: web/dist for the browser tests and the app served at `/`.
          // browser-global-setup: the run's one Chromium, launched when a browser test first asks.
          // keys-global-setup: the test certificates' RSA keys, once per run.
          // server-build-global-setup: dist/ compiled once, when a test first starts the server as a child.
          globalSetup: [
            'test/global-setup.ts',
            'test/helpers/tls-global-setup.ts',
            'test/helpers/keys-global-setup.ts',
            'test/helpers/server-build-global-setup.ts',
            'test/web/build-global-setup.ts',
            'test/web/browser-global-setup.ts',
          ],
          include: [
            'test/**/*.test.ts',
            // A deliberately failing file, for the child runs of test/e2e/exit-code.test.ts only.
            ...(process.env.EINVOICE_EXIT_CODE_FIXTURE ? ['test/fixtures/exit-code/*.fixture.ts'] : []),
          ],
        },
      },
    ],
  },
});
