import { type SriSimulator, startSriSimulator } from '../../src/adapters/sri/simulator/index.js';
import { createSriClient, type SriClient } from '../../src/adapters/sri/soap-client.js';
import { MovableClock } from '../../src/shared/clock.js';
import { makeCertificate } from '../helpers/certificates.js';
import { type BuiltDocument, buildInvoice, type DocumentOptions } from './fixtures.js';
import { signXml } from './sign.js';

/** A simulator on an ephemeral port and a client pointed at it for both environments. */
export interface Harness {
  simulator: SriSimulator;
  client: SriClient;
  /** The simulator's clock: advance it instead of sleeping through the authorization delay. */
  clock: MovableClock;
  close(): Promise<void>;
}

export interface HarnessOptions {
  authorizationDelayMs?: number;
  timeoutMs?: number;
  hangMs?: number;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = new MovableClock();
  const simulator = await startSriSimulator({
    port: 0,
    authorizationDelayMs: options.authorizationDelayMs ?? 0,
    now: () => clock.now(),
    ...(options.hangMs === undefined ? {} : { hangMs: options.hangMs }),
  });
  const endpoints = { sandbox: simulator.endpoints, production: simulator.endpoints };
  await warmUp(createSriClient({ endpoints, timeoutMs: 30_000 }), simulator);
  const client = createSriClient({ endpoints, timeoutMs: options.timeoutMs ?? 5000 });
  return {
    simulator,
    client,
    clock,
    async close() {
      client.close();
      await simulator.close();
    },
  };
}

const certificate = makeCertificate();

/**
 * libxml2's WebAssembly runs slowly for its first documents while V8 compiles it up; push a few
 * through with a patient client so tests with short client time-outs measure the steady state.
 */
async function warmUp(client: SriClient, simulator: SriSimulator): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const doc = signedDocument();
    await client.validate('sandbox', doc.signed);
    await client.authorize('sandbox', doc.accessKey);
  }
  client.close();
  simulator.control.reset();
}

export interface SignedDocument extends BuiltDocument {
  signed: string;
}

/** A freshly built and signed document (an invoice unless told otherwise). */
export function signedDocument(
  options: DocumentOptions = {},
  build: (o: DocumentOptions) => BuiltDocument = buildInvoice,
): SignedDocument {
  const doc = build(options);
  return { ...doc, signed: signXml(doc.xml, certificate) };
}

/** Re-signs `canonicalRoot` after editing it (so the signature stays valid). */
export function sign(canonicalRoot: string): string {
  return signXml(canonicalRoot, certificate);
}
