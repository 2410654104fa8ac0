import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestContext, TEST_MASTER_KEY, type TestContext } from '../helpers/context.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { callTrail, eventsOf, issue } from './support.js';

/**
 * A worker in its own process, killed with SIGKILL while its reception call is in flight: the
 * tax authority records the document, but the answer never reaches us. A fresh worker must finish
 * the document without sending it a second time.
 */

let sri: TestSri;
let ctx: TestContext;
let t: RegisteredTenant;
const workers: ChildProcess[] = [];
const output: string[] = [];

beforeAll(async () => {
  await serverCompiled();
  sri = await startTestSri({ authorizationDelayMs: 300 });
  ctx = await createTestContext({ clock: sri.clock, sriUrl: sri.simulator.url });
  t = await registerTenant(ctx);
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await ctx?.close();
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
      SRI_TEST_URL: sri.simulator.url,
      SRI_PRODUCTION_URL: sri.simulator.url,
      SRI_SIMULATOR: 'false',
      SRI_TIMEOUT_MS: '10000',
      SRI_AUTH_CHECK_DELAY_MS: '300',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      // Crash recovery (src/jobs/crash-recovery.ts) with short periods: a dead worker is found in ~2 s.
      WORKER_HEARTBEAT_MS: '500',
      WORKER_DEAD_AFTER_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  workers.push(child);
  return child;
}

/**
 * A timeout prints the workers' output. Generous: a worker process compiles src/ with tsx before
 * it works, which is slow on a loaded machine.
 */
const withOutput = { timeoutMs: 90_000, detail: () => output.join('') };

const statusOf = async (key: string) =>
  (await ctx.query<{ status: string }>('select status from documents where access_key = $1', [key]))[0]!
    .status;

describe('a worker killed between the submission and the record of its answer', () => {
  it('a fresh worker asks the tax authority first and finishes: AUTHORIZED, submitted once', async () => {
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'reception', mode: 'slow', delayMs: 3000, times: 1 });

    const first = startWorkerProcess();
    await waitFor(
      'the reception call',
      () => (sri.simulator.control.document(key)?.submissions ?? 0) >= 1,
      withOutput,
    );
    first.kill('SIGKILL');
    await new Promise((r) =>
      first.exitCode !== null || first.signalCode !== null ? r(null) : first.once('exit', r),
    );

    const [mark] = await ctx.query<{ reception_in_flight_since: Date | null }>(
      `select s.reception_in_flight_since from document_submissions s join documents d on d.id = s.document_id
        where d.access_key = $1`,
      [key],
    );
    expect(mark!.reception_in_flight_since).not.toBeNull();
    expect(await statusOf(key)).toBe('SIGNED');
    const [job] = await ctx.query<{ locked_at: Date | null }>(
      `select locked_at from graphile_worker.jobs where key like 'sri:%'`,
    );
    expect(job?.locked_at).not.toBeNull(); // still held by the dead worker (graphile alone: for 4 h)
    // The tax authority finishes the call the dead worker made: the document is on record there.
    await waitFor('the simulator to record it', () => sri.simulator.control.document(key)?.state, withOutput);

    const second = startWorkerProcess();
    await waitFor('AUTHORIZED', async () => (await statusOf(key)) === 'AUTHORIZED', withOutput);
    second.kill('SIGTERM');

    expect(sri.simulator.control.document(key)).toMatchObject({
      submissions: 1,
      attempts: 1,
      state: 'AUTORIZADO',
    });
    const trail = await callTrail(ctx, t, key);
    expect(trail.filter((c) => c.startsWith('RECEPTION'))).toEqual([]);
    expect(trail.at(-1)).toBe('AUTHORIZATION:AUTORIZADO');
    const types = (await eventsOf(ctx, t, key)).map((e) => e.type);
    expect(types.filter((x) => x === 'SENT_TO_SRI')).toHaveLength(1);
    // The dead worker's own job was unlocked and ran again; the submission sweep had nothing to re-queue.
    expect(types).not.toContain('REQUEUED');
    expect(types.at(-1)).toBe('AUTHORIZED');
  }, 240_000);
});
