/**
 * `npm run lint:openapi`: the OpenAPI document the server serves, built without a database or a
 * port (src/openapi-cli.ts), linted by redocly with the recommended ruleset (redocly.yaml); exits
 * with redocly's status. Part of `npm run lint` and a step of .ci/run, so the test suite does not
 * lint it again: test/http/openapi-lint.test.ts only shows that the lint fails a broken document.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateOpenApiDocument } from '../src/openapi-cli.js';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-openapi-lint-'));
try {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await generateOpenApiDocument()));
  const run = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
