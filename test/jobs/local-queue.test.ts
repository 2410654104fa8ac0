import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestContext, TEST_MASTER_KEY, type TestContext } from '../helpers/context.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { registerTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/**
 * graphile-worker 0.17's local queue (src/worker.ts): one fetch locks several ready jobs to the
 * worker process (its pool id) before any slot runs them. Those jobs must behave like running ones
 * for crash recovery (a process killed with kill -9 holds them; the heartbeat sweep frees them) and
 * must go back to the queue at once on a graceful stop (not after graphile-worker's 4 hours).
 * One slot (WORKER_CONCURRENCY=1) and an SMTP server that stalls: the first email holds the slot,
 * the other emails wait in the local queue.
 */

const HEARTBEAT_ENV = { WORKER_HEARTBEAT_MS: '500', WORKER_DEAD_AFTER_MS: '2000' };

let smtp: TestSmtpServer;
let ctx: TestContext;
const workers: ChildProcess[] = [];
const output: string[] = [];

beforeAll(async () => {
  await serverCompiled();
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await ctx?.close();
  await smtp?.close();
});

function startWorkerProcess(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [compiledEntry('main'), '--worker'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.config.databaseUrl!,
      DATA_DIR: ctx.dataDir,
      MASTER_KEY: TEST_MASTER_KEY,
      SMTP_URL: smtp.url,
      SRI_SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      ...HEARTBEAT_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  workers.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise((r) =>
    child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r),
  );

/** A timeout prints the workers' output. */
const withOutput = { timeoutMs: 60_000, detail: () => output.join('') };

interface MailJob {
  id: string;
  locked_by: string | null;
  attempts: number;
}

const mailJobs = () =>
  ctx.query<MailJob>(
    `select id, locked_by, attempts from graphile_worker.jobs where task_identifier = 'mail.send' order by id`,
  );

/** Registers `n` tenants: each leaves a verification email, i.e. one `mail.send` job. */
async function queueEmails(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await registerTenant(ctx);
  expect(await mailJobs()).toHaveLength(n);
}

/** One slot, a local queue of 10: every job is locked by one fetch, one runs (stalled at SMTP). */
async function holdEmailsInLocalQueue(n: number) {
  smtp.stall(true);
  const stalledBefore = smtp.stalledCount;
  const child = startWorkerProcess({ WORKER_CONCURRENCY: '1', WORKER_LOCAL_QUEUE_SIZE: '10' });
  await waitFor('the first email stalled at SMTP', () => smtp.stalledCount > stalledBefore, withOutput);
  const held = await waitFor(
    'every email job locked',
    async () => {
      const jobs = await mailJobs();
      return jobs.length === n && jobs.every((j) => j.locked_by !== null) && jobs;
    },
    withOutput,
  );
  // Locked by the process's pool, one id for all of them, though only one runs.
  const poolIds = [...new Set(held.map((j) => j.locked_by))];
  expect(poolIds).toHaveLength(1);
  expect(poolIds[0]).toMatch(/^pool-/);
  expect(smtp.stalledCount - stalledBefore).toBe(1);
  return { child, poolId: poolIds[0]! };
}

describe('jobs held in a local queue', () => {
  it('are freed by the crash sweep when their process is killed with kill -9', async () => {
    await queueEmails(4);
    const { child, poolId } = await holdEmailsInLocalQueue(4);
    // The pool beats (0.17 locks jobs to the pool, not to each slot).
    const beating = await ctx.query('select 1 from worker_heartbeats where worker_id = $1', [poolId]);
    expect(beating).toHaveLength(1);

    child.kill('SIGKILL');
    await exited(child);
    expect((await mailJobs()).every((j) => j.locked_by === poolId)).toBe(true);

    smtp.stall(false);
    const second = startWorkerProcess({ WORKER_CONCURRENCY: '4' });
    await waitFor(
      'every email SENT',
      async () =>
        (
          await ctx.query<{ status: string }>(`select status from outbox_emails where kind = 'verification'`)
        ).every((m) => m.status === 'SENT'),
      withOutput,
    );
    await waitFor('every mail job done', async () => (await mailJobs()).length === 0, withOutput);
    expect(await ctx.query('select 1 from worker_heartbeats where worker_id = $1', [poolId])).toEqual([]);
    second.kill('SIGTERM');
    await exited(second);
    expect(second.exitCode).toBe(0);
  }, 120_000);

  it('go back to the queue at once on a graceful stop, while the running job finishes', async () => {
    await queueEmails(3);
    const { child, poolId } = await holdEmailsInLocalQueue(3);
    const running = (await mailJobs()).map((j) => j.id);

    child.kill('SIGTERM');
    // The two jobs that never started are unlocked, with no attempt spent; the stalled one is
    // still running (it holds its lock until it ends). "At once": within the wait's 20 s, where
    // graphile-worker alone would hold them for 4 hours.
    const after = await waitFor(
      'the local queue returned',
      async () => {
        const jobs = await mailJobs();
        return jobs.filter((j) => j.locked_by === null).length === 2 && jobs;
      },
      { ...withOutput, timeoutMs: 20_000 },
    );
    expect(after.filter((j) => j.locked_by === null).every((j) => j.attempts === 0)).toBe(true);
    const stillHeld = after.filter((j) => j.locked_by !== null);
    expect(stillHeld).toHaveLength(1);
    expect(stillHeld[0]!.locked_by).toBe(poolId);
    expect(running).toContain(stillHeld[0]!.id);
    child.kill('SIGKILL');
    await exited(child);
  }, 120_000);
});
