import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeWorkerUtils, runOnce, type WorkerUtils } from 'graphile-worker';
import pino from 'pino';
import {
  createFileMailer,
  createSmtpMailer,
  type Mailer,
  type MailMessage,
} from '../../src/adapters/mail/mailer.js';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/db/migrate.js';
import { createDatabase } from '../../src/db/pool.js';
import { createDeps, type Deps } from '../../src/deps.js';
import { authChannelDrained } from '../../src/http/auth-cache.js';
import type { App } from '../../src/http/types.js';
import { MovableClock } from '../../src/shared/clock.js';
import { buildTaskList, type RunningWorker, startWorker } from '../../src/worker.js';
import { createTestDatabase } from './database.js';

export const TEST_MASTER_KEY = '0'.repeat(63) + '1';

/**
 * graphile-worker 0.17's `runOnce` does not wait for the completion or failure of the last jobs
 * unless they are batched (the batcher is drained before it resolves): with these options the jobs'
 * rows are final when `runOnce` returns.
 */
export const RUN_ONCE_SETTLED = { preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } } };

export interface TestContext {
  app: App;
  deps: Deps;
  config: Config;
  clock: MovableClock;
  dataDir: string;
  /**
   * Every message the app's mailer sent, by message id, as sent (with its one-time credentials,
   * which the outbox no longer keeps once an email is sent): the test's view of the inbox.
   */
  sentMail: Map<string, MailMessage>;
  /** Runs every job that is due now, repeatedly, until none is left. Returns how many ran. */
  drainJobs(): Promise<number>;
  /** Starts a real background worker (LISTEN/NOTIFY) for end-to-end tests. */
  startWorker(): Promise<void>;
  /** Moves the clock forward and makes queued jobs due as if that time had passed. */
  advance(ms: number): Promise<void>;
  /** graphile-worker's public API on the test database (reschedule, complete or fail jobs). */
  workerUtils(): Promise<WorkerUtils>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  start?: Date;
  /** Base URL of a tax authority (a test's own simulator) for both environments. */
  sriUrl?: string;
  /** Share a clock with something else under test (the simulator); `start` is then ignored. */
  clock?: MovableClock;
  /** A migrated database of the test's own (another server) instead of a clone of the run's template. */
  database?: { url: string; drop(): Promise<void> };
}

/** Port 1 (tcpmux) is reserved and unused: connections are refused at once. */
const UNREACHABLE_SRI = 'http://127.0.0.1:1';

/** A whole application on its own fresh database, with a movable clock. */
export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const database = opts.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'einvoice-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    MASTER_KEY: TEST_MASTER_KEY,
    PUBLIC_BASE_URL: 'http://localhost:3000',
    REGISTRATION_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '100000',
    AUTH_FAILURE_RATE_LIMIT: '100000',
    ADMIN_RATE_LIMIT: '100000',
    SRI_SIMULATOR: 'false',
    LOG_LEVEL: 'silent',
    // Tests see DOCUMENT_AUTHORIZED as soon as its job is due (drainJobs runs what is due now).
    NOTIFICATION_BATCH_DELAY_MS: '0',
    // Without a test's own simulator, the tax authority is a port nothing listens on, never the default
    // 3100 where another test file's simulator or a developer's `npm start` may answer (a race that
    // moved documents past SIGNED behind a test's back).
    SRI_TEST_URL: opts.sriUrl ?? UNREACHABLE_SRI,
    SRI_PRODUCTION_URL: opts.sriUrl ?? UNREACHABLE_SRI,
    ...opts.env,
  });
  const db = createDatabase(database.url, {
    max: 10,
    readUrl: config.databaseReadUrl,
    sessionUrl: config.databaseListenUrl,
    preparedStatements: config.databasePreparedStatements,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = opts.clock ?? new MovableClock(opts.start);
  const sentMail = new Map<string, MailMessage>();
  const deps = createDeps({
    config,
    database: db,
    clock,
    log,
    mailer: recording(
      opts.mailer ??
        (config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileMailer(`${config.dataDir}/mail`)),
      sentMail,
    ),
  });
  const app = await buildApp(deps);
  await app.ready();
  let runner: RunningWorker | null = null;
  let workerUtils: WorkerUtils | undefined;

  const ctx: TestContext = {
    app,
    deps,
    config,
    clock,
    dataDir,
    sentMail,
    async drainJobs() {
      let total = 0;
      for (let round = 0; round < 50; round++) {
        const due = await ctx.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs where run_at <= now() and locked_at is null and attempts < max_attempts`,
        );
        if (!due[0]!.n) break;
        total += due[0]!.n;
        await runOnce({
          pgPool: db.pool,
          taskList: buildTaskList(deps.jobs, log),
          logger: silentLogger(),
          ...RUN_ONCE_SETTLED,
        });
      }
      // What the jobs committed (a renewal, a suspension, …) has reached the caches' listener.
      if (total) await authChannelDrained(deps.authCache, db.pool);
      return total;
    },
    async startWorker() {
      runner = await startWorker({
        // As main.ts: graphile-worker's LISTEN on the session connection (DATABASE_LISTEN_URL).
        pool: db.sessionPool,
        preparedStatements: db.preparedStatements,
        jobs: deps.jobs,
        concurrency: 4,
        log,
        pollIntervalMs: 200,
        heartbeat: config.workerHeartbeat,
        queue: config.workerQueue,
      });
    },
    async advance(ms: number) {
      clock.advance(ms);
      // Pending jobs move with the clock (graphile-worker's public view and WorkerUtils, never its
      // private tables).
      const pending = await ctx.query<{ id: string; run_at: Date }>(
        'select id, run_at from graphile_worker.jobs where locked_at is null',
      );
      const utils = await ctx.workerUtils();
      for (const job of pending)
        await utils.rescheduleJobs([job.id], { runAt: new Date(job.run_at.getTime() - ms) });
    },
    async workerUtils() {
      workerUtils ??= await makeWorkerUtils({ pgPool: db.pool, logger: silentLogger() });
      return workerUtils;
    },
    async query<T>(text: string, params: unknown[] = []) {
      const { rows } = await db.pool.query(text, params);
      // A change of a key or tenant made here reaches the API key cache (and what the tenant view
      // shows, its cache) before the next request, as a write through the API does
      // (src/http/auth-cache.ts). Other statements do not wait.
      if (
        /\b(update|delete|alter|insert)\b/i.test(text) &&
        /\b(api_keys|tenants|tiers|subscriptions|agreement_acceptances|document_quota_usage)\b/i.test(text)
      )
        await authChannelDrained(deps.authCache, db.pool);
      return rows as T[];
    },
    async close() {
      await runner?.stop();
      await workerUtils?.release();
      await app.close();
      await deps.usage.stop();
      await deps.requestLogRecorder.stop();
      await deps.mailer.close();
      deps.sri.close();
      await db.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

/** The real mailer, remembering what it sent. */
function recording(mailer: Mailer, sent: Map<string, MailMessage>): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      const result = await mailer.send(message);
      sent.set(result.messageId, message);
      return result;
    },
    close: () => mailer.close(),
  };
}
