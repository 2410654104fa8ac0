import { type SriSimulator, startSriSimulator } from '../../src/adapters/sri/simulator/index.js';
import { createSriClient } from '../../src/adapters/sri/soap-client.js';
import { MovableClock } from '../../src/shared/clock.js';
import { signedDocument } from '../sri/harness.js';

export interface TestSri {
  simulator: SriSimulator;
  /** The simulator's clock; pass it to createTestContext so `advance` moves both. */
  clock: MovableClock;
  close(): Promise<void>;
}

/**
 * The real tax authority simulator on an ephemeral port, for tests of the lifecycle. Its
 * authorization delay runs on `clock`, so tests move time instead of sleeping.
 */
export async function startTestSri(
  opts: { clock?: MovableClock; authorizationDelayMs?: number; hangMs?: number } = {},
): Promise<TestSri> {
  const clock = opts.clock ?? new MovableClock();
  const simulator = await startSriSimulator({
    port: 0,
    authorizationDelayMs: opts.authorizationDelayMs ?? 1000,
    now: () => clock.now(),
    hangMs: opts.hangMs ?? 2000,
  });
  await warmUp(simulator);
  return { simulator, clock, close: () => simulator.close() };
}

/**
 * libxml2's WebAssembly is slow for its first documents while V8 compiles it; a few documents
 * through a patient client keep short client time-outs in tests about faults, not warm-up.
 */
async function warmUp(simulator: SriSimulator): Promise<void> {
  const client = createSriClient({
    endpoints: { sandbox: simulator.endpoints, production: simulator.endpoints },
    timeoutMs: 30_000,
  });
  for (let i = 0; i < 4; i++) {
    const doc = signedDocument();
    await client.validate('sandbox', doc.signed);
    await client.authorize('sandbox', doc.accessKey);
  }
  client.close();
  simulator.control.reset();
}
