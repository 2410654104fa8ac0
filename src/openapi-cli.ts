/**
 * `npm run openapi [-- <file>]`: the OpenAPI document the server serves at /v1/openapi.json, written
 * to a file (or stdout) without a database and without listening: the app is built as tests build it,
 * over a pool that never connects (routes are registered, nothing is queried). CI lints its output
 * with redocly; `npm run sdk:types` turns it into the SDK's types. The servers entry comes from
 * PUBLIC_BASE_URL as at run time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config/config.js';
import { createDatabase } from './db/pool.js';
import { createDeps } from './deps.js';
import { systemClock } from './shared/clock.js';

/** Port 1 (tcpmux) is reserved: nothing listens there, and nothing here connects anyway. */
const NOWHERE = '127.0.0.1:1';

export async function generateOpenApiDocument(publicBaseUrl?: string): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'einvoice-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres://openapi@${NOWHERE}/openapi`,
    MASTER_KEY: '0'.repeat(64),
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: `http://${NOWHERE}`,
    SRI_PRODUCTION_URL: `http://${NOWHERE}`,
    LOG_LEVEL: 'silent',
    // No key cache, so no LISTEN connection to the database that is not there.
    AUTH_CACHE_TTL_MS: '0',
    PUBLIC_BASE_URL: publicBaseUrl ?? process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000',
  });
  const database = createDatabase(config.databaseUrl!, 1);
  const deps = createDeps({ config, database, clock: systemClock, log: pino({ level: 'silent' }) });
  try {
    const app = await buildApp(deps);
    await app.ready();
    const doc = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return doc;
  } finally {
    await deps.usage.stop();
    await deps.mailer.close();
    deps.sri.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const out = process.argv[2];
  const json = `${JSON.stringify(await generateOpenApiDocument(), null, 2)}\n`;
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
}
