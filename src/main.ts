import pino from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createDatabase } from './db/pool.js';
import { createDeps } from './deps.js';
import { systemClock } from './shared/clock.js';
import { startWorker } from './worker.js';

/**
 * Entry point. `npm start` runs the API and the worker in one process; `--api` or `--worker`
 * runs one of them (several of each may share one database).
 */
const args = new Set(process.argv.slice(2));
const runApi = !args.has('--worker') || args.has('--api');
const runWorker = !args.has('--api') || args.has('--worker');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${e.message}\n`);
    process.exit(1);
  }
  throw e;
}

const log = pino({ ...(loggerOptions(config.logLevel) as object), name: 'einvoice-ec' });
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      database: 'einvoice',
      log: (m) => log.info(m),
    });
const database = createDatabase(config.databaseUrl ?? embedded!.url, 30);
await migrate(database.pool, (m) => log.info(m));
const deps = createDeps({ config, database, clock: systemClock, log });
deps.usage.start();

const app = runApi ? await buildApp(deps) : null;
if (app) {
  await app.listen({ port: config.port, host: config.host });
  log.info(`API listening on ${config.publicBaseUrl} (docs at ${config.publicBaseUrl}/docs)`);
}
const worker = runWorker
  ? await startWorker({
      pool: database.pool,
      jobs: deps.jobs,
      concurrency: config.workerConcurrency,
      log,
      crontab: deps.crontab,
    })
  : null;
if (worker) log.info('worker started');
if (!config.smtpUrl)
  log.info(`SMTP_URL is not set: emails are written to ${config.dataDir}/mail as .eml files`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: shutting down`);
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  try {
    await app?.close();
    await worker?.stop();
    await deps.usage.stop();
    await deps.mailer.close();
    await database.close();
    await embedded?.stop();
  } catch (e) {
    log.error({ err: e }, 'error during shutdown');
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
