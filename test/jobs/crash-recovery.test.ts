import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestContext, TEST_MASTER_KEY, type TestContext } from '../helpers/context.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { issue } from '../submission/support.js';
import { endpointFor, quotaWarning } from '../webhooks/support.js';

/**
 * Issue 13, defect 3: a worker PROCESS killed with SIGKILL while it holds an email, a webhook
 * delivery and a document submission, each stalled at its peer (an SMTP server that does not
 * answer, a webhook receiver that does not answer, a slow tax authority). graphile-worker alone
 * would keep those jobs locked for 4 hours; the heartbeat sweep (src/jobs/crash-recovery.ts) lets
 * a fresh worker finish every one of them within two minutes. Short heartbeats through the env.
 */

const HEARTBEAT_ENV = { WORKER_HEARTBEAT_MS: '500', WORKER_DEAD_AFTER_MS: '2000' };

let sri: TestSri;
let smtp: TestSmtpServer;
let rx: HttpsReceiver;
let ctx: TestContext;
let t: RegisteredTenant;
const workers: ChildProcess[] = [];
const output: string[] = [];

beforeAll(async () => {
  await serverCompiled();
  sri = await startTestSri({ authorizationDelayMs: 300 });
  smtp = await startTestSmtpServer();
  rx = await startHttpsReceiver();
  ctx = await createTestContext({
    clock: sri.clock,
    sriUrl: sri.simulator.url,
    env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  t = await verifiedTenant(ctx);
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await ctx?.close();
  await rx?.close();
  await smtp?.close();
  await sri?.close();
});

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, [compiledEntry('main'), '--worker'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.config.databaseUrl!,
      DATA_DIR: ctx.dataDir,
      MASTER_KEY: TEST_MASTER_KEY,
      SMTP_URL: smtp.url,
      SRI_TEST_URL: sri.simulator.url,
      SRI_PRODUCTION_URL: sri.simulator.url,
      SRI_SIMULATOR: 'false',
      SRI_TIMEOUT_MS: '30000',
      SRI_AUTH_CHECK_DELAY_MS: '300',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '60000',
      WORKER_CONCURRENCY: '4',
      LOG_LEVEL: 'warn',
      ...HEARTBEAT_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  workers.push(child);
  return child;
}

/** A timeout prints the workers' output. */
const withOutput = { timeoutMs: 60_000, detail: () => output.join('') };
const recovered = { ...withOutput, timeoutMs: 120_000 };

interface LockedJob {
  task_identifier: string;
  locked_by: string | null;
}

/** Jobs of the three kinds under test, as graphile-worker's public view shows them. */
const jobsUnderTest = () =>
  ctx.query<LockedJob>(
    `select task_identifier, locked_by from graphile_worker.jobs
      where task_identifier in ('mail.send', 'webhooks.deliver', 'submission:process') order by task_identifier`,
  );

describe('a worker process killed with kill -9 while it holds jobs of every kind', () => {
  it('a fresh worker finishes the email, the webhook delivery and the submission within two minutes', async () => {
    // The verification email of `t` is still in the outbox: nothing has run yet.
    const [mail] = await ctx.query<{ id: string; status: string }>(
      `select id, status from outbox_emails where tenant_id = $1 and kind = 'verification'`,
      [t.tenantId],
    );
    expect(mail!.status).toBe('PENDING');
    await endpointFor(ctx, t, rx.url('/hook'));
    const produced = await quotaWarning(ctx, t);
    const deliveryId = produced!.deliveryIds[0]!;
    const key = await issue(ctx, t);

    smtp.stall(true);
    rx.respond(() => ({ status: 200, hang: true }));
    sri.simulator.control.inject({ service: 'reception', mode: 'slow', delayMs: 6000, times: 1 });

    const first = startWorkerProcess();
    await waitFor('the stalled SMTP transaction', () => smtp.stalledCount >= 1, withOutput);
    await waitFor('the hanging webhook request', () => rx.requests.length >= 1, withOutput);
    await waitFor(
      'the slow reception call',
      () => (sri.simulator.control.document(key)?.submissions ?? 0) >= 1,
      withOutput,
    );
    const held = await waitFor(
      'every job locked',
      async () => {
        const jobs = await jobsUnderTest();
        return jobs.every((j) => j.locked_by !== null) && jobs;
      },
      withOutput,
    );
    expect(new Set(held.map((j) => j.task_identifier))).toEqual(
      new Set(['mail.send', 'submission:process', 'webhooks.deliver']),
    );
    const deadIds = [...new Set(held.map((j) => j.locked_by))];
    expect(deadIds.every((id) => id !== null)).toBe(true);
    const beating = await ctx.query<{ worker_id: string }>(
      'select worker_id from worker_heartbeats where worker_id = any($1::text[])',
      [deadIds],
    );
    expect(beating).toHaveLength(deadIds.length);

    first.kill('SIGKILL');
    await new Promise((r) =>
      first.exitCode !== null || first.signalCode !== null ? r(null) : first.once('exit', r),
    );
    // Nothing else unlocks them: still held by the dead worker.
    expect((await jobsUnderTest()).every((j) => j.locked_by !== null)).toBe(true);

    smtp.stall(false);
    rx.respond(() => ({ status: 200, body: 'ok' }));
    const restartedAt = Date.now();
    const second = startWorkerProcess();

    await waitFor(
      'every email SENT',
      async () =>
        (
          await ctx.query<{ status: string }>('select status from outbox_emails where tenant_id = $1', [
            t.tenantId,
          ])
        ).every((m) => m.status === 'SENT'),
      recovered,
    );
    await waitFor(
      'the webhook DELIVERED',
      async () =>
        (
          await ctx.query<{ status: string }>('select status from webhook_deliveries where id = $1', [
            deliveryId,
          ])
        )[0]?.status === 'DELIVERED',
      recovered,
    );
    await waitFor(
      'the document AUTHORIZED',
      async () =>
        (await ctx.query<{ status: string }>('select status from documents where access_key = $1', [key]))[0]
          ?.status === 'AUTHORIZED',
      recovered,
    );
    const elapsedMs = Date.now() - restartedAt;
    expect(elapsedMs).toBeLessThan(120_000);
    console.log(`crash recovery: every job done ${(elapsedMs / 1000).toFixed(1)} s after the restart`);

    expect(await smtp.waitFor((m) => /correo|email/i.test(m.subject ?? ''), 1000)).toBeTruthy();
    expect(rx.requests.filter((r) => r.path === '/hook').length).toBeGreaterThanOrEqual(2);
    const stillHeld = await ctx.query(
      'select 1 from graphile_worker.jobs where locked_by = any($1::text[])',
      [deadIds],
    );
    expect(stillHeld).toEqual([]);
    const deadRows = await ctx.query('select 1 from worker_heartbeats where worker_id = any($1::text[])', [
      deadIds,
    ]);
    expect(deadRows).toEqual([]);
    second.kill('SIGTERM');
    await new Promise((r) =>
      second.exitCode !== null || second.signalCode !== null ? r(null) : second.once('exit', r),
    );
  }, 240_000);
});
