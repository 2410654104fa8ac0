import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSriClient } from '../../src/adapters/sri/soap-client.js';
import { SriProtocolError, SriTransportError } from '../../src/adapters/sri/types.js';
import { type Harness, signedDocument, startHarness } from './harness.js';

/** Injected faults and broken peers, each mapped to the client's error. */

const TIMEOUT_MS = 400;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ authorizationDelayMs: 0, timeoutMs: TIMEOUT_MS });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.control.reset());

async function transportStatus(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SriTransportError);
  return (error as SriTransportError).status;
}

describe('injected faults', () => {
  it('http500 on reception → HTTP_500, nothing recorded, then normal', async () => {
    const doc = signedDocument();
    h.simulator.control.inject({ service: 'reception', mode: 'http500', times: 1 });
    expect(await transportStatus(h.client.validate('sandbox', doc.signed))).toBe('HTTP_500');
    expect(h.simulator.control.document(doc.accessKey)).toMatchObject({ state: null, submissions: 1 });
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
  });

  it('http500 on authorization → HTTP_500', async () => {
    const doc = signedDocument();
    await h.client.validate('sandbox', doc.signed);
    h.simulator.control.inject({ service: 'authorization', mode: 'http500', times: 1 });
    expect(await transportStatus(h.client.authorize('sandbox', doc.accessKey))).toBe('HTTP_500');
    expect((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status).toBe('AUTORIZADO');
  });

  it('both services, limited by times', async () => {
    const doc = signedDocument();
    h.simulator.control.inject({ service: 'both', mode: 'http500', times: 2 });
    expect(await transportStatus(h.client.validate('sandbox', doc.signed))).toBe('HTTP_500');
    expect(await transportStatus(h.client.authorize('sandbox', doc.accessKey))).toBe('HTTP_500');
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
    expect(h.simulator.control.stats().faults.http500).toBe(2);
  });

  it('timeout → HTTP_TIMEOUT within the client time-out, nothing recorded', async () => {
    const doc = signedDocument();
    h.simulator.control.inject({ service: 'reception', mode: 'timeout', times: 1 });
    const started = performance.now();
    expect(await transportStatus(h.client.validate('sandbox', doc.signed))).toBe('HTTP_TIMEOUT');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    // Gave up at its time-out, not when the simulator's 60 s hang ended (a wide bound: real time
    // passes slower for a loaded machine's event loop, and only the client's timer is under test).
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 10_000);
    expect(h.simulator.control.document(doc.accessKey)?.state).toBeNull();
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
  });

  it('slow → answers after the delay, or times out when the delay is longer than the client waits', async () => {
    h.simulator.control.inject({ service: 'reception', mode: 'slow', delayMs: 150, times: 1 });
    const started = performance.now();
    expect((await h.client.validate('sandbox', signedDocument().signed)).status).toBe('RECIBIDA');
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);

    h.simulator.control.inject({ service: 'authorization', mode: 'slow', delayMs: TIMEOUT_MS * 3, times: 1 });
    expect(await transportStatus(h.client.authorize('sandbox', signedDocument().accessKey))).toBe(
      'HTTP_TIMEOUT',
    );
  });

  it('drop on reception → HTTP_CONNECTION_ERROR, yet recorded: the resend gets 43', async () => {
    const doc = signedDocument();
    h.simulator.control.inject({ service: 'reception', mode: 'drop', times: 1 });
    expect(await transportStatus(h.client.validate('sandbox', doc.signed))).toBe('HTTP_CONNECTION_ERROR');
    expect(h.simulator.control.document(doc.accessKey)?.state).toBe('AUTORIZADO');
    expect((await h.client.validate('sandbox', doc.signed)).messages[0]?.identifier).toBe('43');
  });

  it('drop on authorization → HTTP_CONNECTION_ERROR', async () => {
    const doc = signedDocument();
    await h.client.validate('sandbox', doc.signed);
    h.simulator.control.inject({ service: 'authorization', mode: 'drop', times: 1 });
    expect(await transportStatus(h.client.authorize('sandbox', doc.accessKey))).toBe('HTTP_CONNECTION_ERROR');
  });

  it('en-proceso → EN PROCESO for the given number of queries, then the decision', async () => {
    const doc = signedDocument();
    await h.client.validate('sandbox', doc.signed);
    h.simulator.control.inject({ service: 'authorization', mode: 'en-proceso', times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status);
    expect(statuses).toEqual(['EN PROCESO', 'EN PROCESO', 'AUTORIZADO']);
  });

  it('match limits a fault to some keys', async () => {
    const target = signedDocument();
    const other = signedDocument();
    h.simulator.control.inject({
      service: 'reception',
      mode: 'http500',
      match: (key) => key === target.accessKey,
    });
    expect((await h.client.validate('sandbox', other.signed)).status).toBe('RECIBIDA');
    expect(await transportStatus(h.client.validate('sandbox', target.signed))).toBe('HTTP_500');
    expect(await transportStatus(h.client.validate('sandbox', target.signed))).toBe('HTTP_500');
  });

  it('refuses nonsense specs', () => {
    const { control } = h.simulator;
    expect(() => control.inject({ service: 'reception', mode: 'en-proceso' })).toThrow(TypeError);
    expect(() => control.inject({ service: 'reception', mode: 'slow' })).toThrow(/delayMs/);
    expect(() => control.inject({ service: 'both', mode: 'http500', times: 0 })).toThrow(/times/);
  });
});

describe('broken peers', () => {
  let peer: http.Server;
  let peerUrl: string;
  let answer: { status: number; body: string } = { status: 200, body: '' };
  beforeAll(async () => {
    peer = http.createServer((_req, res) =>
      res.writeHead(answer.status, { 'Content-Type': 'text/html' }).end(answer.body),
    );
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/ws`;
  });
  afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

  const clientFor = (url: string) =>
    createSriClient({
      endpoints: {
        sandbox: { reception: url, authorization: url },
        production: { reception: url, authorization: url },
      },
      timeoutMs: TIMEOUT_MS,
    });

  it('a non-2xx answer without SOAP → HTTP_<code>', async () => {
    answer = { status: 503, body: '<html>Service Unavailable</html>' };
    const client = clientFor(peerUrl);
    expect(await transportStatus(client.validate('sandbox', '<x/>'))).toBe('HTTP_503');
    client.close();
  });

  it('a path the simulator does not serve → HTTP_404', async () => {
    const client = clientFor(`${h.simulator.url}/comprobantes-electronicos-ws/Nada`);
    expect(await transportStatus(client.authorize('sandbox', signedDocument().accessKey))).toBe('HTTP_404');
    client.close();
  });

  it('a 2xx answer that is not SOAP → SriProtocolError', async () => {
    answer = { status: 200, body: '<html><body>Portal en mantenimiento</body></html>' };
    const client = clientFor(peerUrl);
    await expect(client.validate('sandbox', '<x/>')).rejects.toBeInstanceOf(SriProtocolError);
    client.close();
  });

  it('a SOAP Fault with 200 is still a transport failure', async () => {
    answer = {
      status: 200,
      body: '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>boom</faultstring></S:Fault></S:Body></S:Envelope>',
    };
    const client = clientFor(peerUrl);
    expect(await transportStatus(client.validate('sandbox', '<x/>'))).toBe('HTTP_200');
    client.close();
  });

  it('a refused connection → HTTP_CONNECTION_ERROR', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = clientFor(`http://127.0.0.1:${port}/ws`);
    expect(await transportStatus(client.validate('sandbox', '<x/>'))).toBe('HTTP_CONNECTION_ERROR');
    client.close();
  });
});
