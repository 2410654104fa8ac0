import pino from 'pino';
import { ConfigError, loadConfig } from './config/config.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { createDatabase } from './db/pool.js';
import { createDeps } from './deps.js';
import { runCommand } from './modules/admin/cli-commands.js';
import { systemClock } from './shared/clock.js';
import { AppError } from './shared/errors.js';

/**
 * `npm run admin -- <command>`: the operator's tool. It calls the same services as the operator
 * API, in-process, on the configured database (DATABASE_URL, or the embedded one under DATA_DIR,
 * reused when the service is running). Jobs it queues (emails, invoices) run in the service's worker.
 * Exit codes: 0 done, 1 refused (the error's code and detail are printed), 2 broken setup.
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const log = pino({ level: process.env.LOG_LEVEL === 'silent' ? 'silent' : 'warn' }, pino.destination(2));
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        portExplicit: config.embeddedPgPortExplicit,
        database: 'einvoice',
      });
  const database = createDatabase(config.databaseUrl ?? embedded!.url, 2);
  const deps = createDeps({ config, database, clock: systemClock, log });
  try {
    process.stdout.write(`${await runCommand(deps.operator, process.argv.slice(2))}\n`);
    return 0;
  } catch (e) {
    if (e instanceof AppError) {
      const fields = e.errors?.map((f) => `\n  ${f.path}: ${f.message}`).join('') ?? '';
      process.stderr.write(`error ${e.code}: ${e.message}${fields}\n`);
      return 1;
    }
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 2;
  } finally {
    await deps.mailer.close();
    await database.close();
    await embedded?.stop();
  }
}

// Everything is closed by now; exit with the command's status (a library resets exitCode on its way out).
process.exit(await main());
