import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const WORKERS = Math.max(3, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      // A deliberately failing file, for the child runs of test/e2e/exit-code.test.ts only.
      ...(process.env.EINVOICE_EXIT_CODE_FIXTURE ? ['test/fixtures/exit-code/*.fixture.ts'] : []),
    ],
    // tls-global-setup: the webhook tests' HTTPS receiver and NODE_EXTRA_CA_CERTS for the workers.
    // build-global-setup: web/dist for the browser tests and the app served at `/`.
    // browser-global-setup: the run's one Chromium, launched when a browser test first asks.
    globalSetup: [
      'test/global-setup.ts',
      'test/helpers/tls-global-setup.ts',
      'test/web/build-global-setup.ts',
      'test/web/browser-global-setup.ts',
    ],
    pool: 'forks',
    // Files reuse their fork and its loaded modules (isolate: false): importing the app into a
    // fresh process per file cost more than most files' tests (the src/ unit files: 61 s of CPU
    // isolated, 14 s shared). Files stay independent through their own database, ports and
    // services (docs/testing.md, "How a run is laid out").
    poolOptions: { forks: { isolate: false } },
    // Test files mostly wait (PostgreSQL, the simulator, SMTP, child processes, the browser): more
    // of them at once. Vitest's default, cores - 1, ran them one by one on two cores; at least 3.
    maxWorkers: WORKERS,
    // As many as maxWorkers: with fewer, Vitest 3.2 recycles an idle shared fork at the end of the
    // run and reports "Terminating worker thread" as an unhandled rejection (a failed run).
    minWorkers: WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    env: { NODE_ENV: 'test' },
  },
});
