import pino from 'pino';
import type { SriSimulator } from './adapters/sri/simulator/index.js';
import type { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import type { EmbeddedHandle } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createDatabase, type Database } from './db/pool.js';
import { createDeps } from './deps.js';
import { loggerOptions } from './http/log-options.js';
import { systemClock } from './shared/clock.js';
import { checkDatabase, explainListenError, isSimulatorAt, StartupError, startupMessage } from './startup.js';
import type { startWorker } from './worker.js';

/**
 * Entry point. `npm start` runs the API and the worker in one process; `--api` or `--worker`
 * runs one of them (several of each may share one database).
 */
// The HTTP application, the job runner, the simulator and the embedded database are imported only
// by the processes that run them: each costs 10-20 MB of resident memory (docs/scaling.md, "Memory").
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
  process.stderr.write(`einvoice-ec could not start: ${startupMessage(e)}\n`);
  process.exit(1);
}

const log = pino({ ...(loggerOptions(config.logLevel) as object), name: 'einvoice-ec' });

/** What start-up has brought up so far: a failure stops it before exiting. */
let embedded: EmbeddedHandle | null = null;
let database: Database | null = null;
let simulator: SriSimulator | null = null;
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
/** The worker while it starts: a shutdown then waits for it, so it can be stopped before the pool closes. */
let workerStarting: ReturnType<typeof startWorker> | null = null;
let deps: ReturnType<typeof createDeps> | null = null;

// Installed before anything starts: a SIGTERM during start-up (right after /readyz answers, say) still
// stops what is up, the embedded PostgreSQL last, instead of killing the process with it running.
// The embedded PostgreSQL runs in its own process group: a terminal's Ctrl-C reaches only us.
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: shutting down`);
  const force = setTimeout(() => {
    process.stderr.write('einvoice-ec: shutdown took longer than 20 s; exiting without waiting further\n');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    await app?.close();
    // graphile-worker holds a pool client for LISTEN until stopped: the pool cannot end before.
    await (worker ?? (await workerStarting?.catch(() => null)))?.stop();
    deps?.sri.close();
    await simulator?.close();
    await deps?.usage.stop();
    await deps?.requestLogRecorder.stop();
    await deps?.mailer.close();
    await database?.close();
    await embedded?.stop();
  } catch (e) {
    log.error({ err: e }, 'error during shutdown');
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
/** Start-up goes no further once a shutdown began: the shutdown ends the process. */
const unlessStopping = () => (stopping ? new Promise<never>(() => {}) : Promise.resolve());

async function failStartup(e: unknown): Promise<never> {
  process.stderr.write(`einvoice-ec could not start: ${startupMessage(e)}\n`);
  if (!(e instanceof StartupError)) log.debug({ err: e }, 'start-up failure');
  await simulator?.close().catch(() => {});
  await database?.close().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}

try {
  embedded = config.databaseUrl
    ? null
    : await (await import('./db/embedded.js')).startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        portExplicit: config.embeddedPgPortExplicit,
        database: 'einvoice',
        log: (m) => log.info(m),
        warn: (m) => log.warn(m),
      });
  const url = config.databaseUrl ?? embedded!.url;
  await checkDatabase(url, config.databaseUrl ? 'DATABASE_URL' : 'embedded');
  if (config.databaseListenUrl) await checkDatabase(config.databaseListenUrl, 'DATABASE_LISTEN_URL');
  if (config.databaseReadUrl) await checkDatabase(config.databaseReadUrl, 'DATABASE_READ_URL');
  database = createDatabase(url, {
    max: config.databasePoolSize,
    readUrl: config.databaseReadUrl,
    sessionUrl: config.databaseListenUrl,
    // Worker: graphile-worker's LISTEN and fetches, one document lock per running job, migrations.
    // API alone: migrations only (its cache listener opens its own client).
    sessionMax: runWorker ? config.workerConcurrency + 3 : 2,
    preparedStatements: config.databasePreparedStatements,
  });
  // Migrations hold a session advisory lock: on the session connection.
  await migrate(database.sessionPool, (m) => log.info(m));
} catch (e) {
  if (!stopping) await failStartup(e);
}
await unlessStopping();
deps = createDeps({ config, database: database!, clock: systemClock, log });
deps.usage.start();

// Only the worker talks to the tax authority; its simulator starts first so no submission finds
// it missing (decisions.md §3: by default it starts with the service).
simulator = runWorker && config.sri.startSimulator ? await startSimulator().catch(failStartup) : null;
await unlessStopping();

app = runApi ? await (await import('./app.js')).buildApp(deps) : null;
if (app) {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    await failStartup(explainListenError(e, config.port, config.host) ?? e);
  }
  await unlessStopping();
  log.info(
    `listening on ${config.publicBaseUrl}: web app at ${config.publicBaseUrl}/, API docs at ${config.publicBaseUrl}/docs`,
  );
}
// A shutdown that began while the worker's module loaded has found no worker to wait for and
// closes the pool: start nothing on it then.
const workerModule = runWorker ? await import('./worker.js') : null;
await unlessStopping();
workerStarting = workerModule
  ? workerModule.startWorker({
      // LISTEN jobs:insert needs a session: DATABASE_LISTEN_URL when set (docs/scaling.md).
      pool: database!.sessionPool,
      preparedStatements: database!.preparedStatements,
      jobs: deps.jobs,
      concurrency: config.workerConcurrency,
      log,
      crontab: deps.crontab,
      heartbeat: config.workerHeartbeat,
      queue: config.workerQueue,
    })
  : null;
worker = await workerStarting;
await unlessStopping();
if (worker) {
  log.info('worker started');
  // Documents left without a runnable job are picked up now, not at the next minute (jobs locked by a
  // dead worker were unlocked by startWorker's crash sweep).
  const requeued = await deps.submission.sweep();
  if (requeued.length > 0) log.warn(`re-queued ${requeued.length} documents left without a job`);
}
if (!config.smtpUrl)
  log.info(
    `SMTP_URL is not set: emails are written to ${config.dataDir}/mail as .eml files (npm run mail:last shows the newest)`,
  );

async function startSimulator(): Promise<SriSimulator | null> {
  try {
    const { startSriSimulator } = await import('./adapters/sri/simulator/index.js');
    const sim = await startSriSimulator({
      port: config.sri.simulatorPort,
      host: '127.0.0.1',
      authorizationDelayMs: config.sri.simulatorAuthorizationDelayMs,
    });
    log.info(`tax authority simulator listening on ${sim.url} (SRI_SIMULATOR=false to disable)`);
    return sim;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    // Several workers on one machine: the first one's simulator serves them all.
    if (await isSimulatorAt(config.sri.simulatorPort)) {
      log.warn(`port ${config.sri.simulatorPort} is taken: using the simulator already listening there`);
      return null;
    }
    throw new StartupError(
      `SRI_SIMULATOR_PORT ${config.sri.simulatorPort} is already in use by another program: set SRI_SIMULATOR_PORT to a free port`,
    );
  }
}
