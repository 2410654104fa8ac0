import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    // Test files mostly wait (PostgreSQL, the simulator, SMTP, child processes, the browser): more
    // of them at once. Vitest's default, cores - 1, ran them one by one on two cores; at least 3.
    // Each file has its own database and ports, so files are independent (docs/testing.md).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    minWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    env: { NODE_ENV: 'test' },
  },
});
