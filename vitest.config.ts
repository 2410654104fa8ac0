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
    globalSetup: [
      'test/global-setup.ts',
      'test/helpers/tls-global-setup.ts',
      'test/web/build-global-setup.ts',
    ],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    env: { NODE_ENV: 'test' },
  },
});
