import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/modules/webhooks/http-sender.js';
import { testTlsFiles } from '../helpers/tls.js';

/**
 * The sender keeps connections to receivers open (issue 16: a TLS handshake per delivery cost
 * both sides more CPU than the rest of it). A real HTTPS server that counts its TLS connections
 * and the requests each one carried.
 */
interface CountingServer {
  url: string;
  connections: number;
  requestsOn: Map<Socket, number>;
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function countingServer(onRequest?: (nth: number, socket: Socket) => boolean): Promise<CountingServer> {
  const files = testTlsFiles();
  const state = { connections: 0, requestsOn: new Map<Socket, number>() };
  const server = createServer(
    { cert: readFileSync(files.certFile, 'utf8'), key: readFileSync(files.keyFile, 'utf8') },
    (req, res) => {
      const socket = req.socket;
      const nth = (state.requestsOn.get(socket) ?? 0) + 1;
      state.requestsOn.set(socket, nth);
      req.resume();
      req.on('end', () => {
        // false: the connection is dropped without an answer (a receiver that closed it).
        if (onRequest && !onRequest(nth, socket)) {
          socket.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      });
    },
  );
  server.on('secureConnection', () => state.connections++);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, { url: `https://localhost:${port}/hook`, server });
}

const send = (url: string, body: string) =>
  postWebhook({
    url,
    body,
    headers: { 'content-type': 'application/json' },
    timeoutMs: 5000,
    allowPrivate: true,
  });

describe('webhook connections are kept open between deliveries', () => {
  it('sends five deliveries to one receiver over one TLS connection', async () => {
    const receiver = await countingServer();
    for (let i = 0; i < 5; i++) {
      const result = await send(receiver.url, `{"n":${i}}`);
      expect(result).toEqual({ statusCode: 200, error: null, success: true });
    }
    expect(receiver.connections).toBe(1);
    expect([...receiver.requestsOn.values()]).toEqual([5]);
  });

  it('sends again on a fresh connection when the receiver dropped the kept one', async () => {
    // Every second request on a connection is dropped unanswered, as by a receiver that closed it.
    const receiver = await countingServer((nth) => nth === 1);
    expect((await send(receiver.url, '{"n":1}')).success).toBe(true);
    const second = await send(receiver.url, '{"n":2}');
    expect(second).toEqual({ statusCode: 200, error: null, success: true });
    expect(receiver.connections).toBe(2);
  });

  it('still refuses a private address before reusing anything', async () => {
    const receiver = await countingServer();
    expect((await send(receiver.url, '{}')).success).toBe(true);
    const refused = await postWebhook({
      url: receiver.url,
      body: '{}',
      headers: {},
      timeoutMs: 5000,
      allowPrivate: false,
    });
    expect(refused.success).toBe(false);
    expect(refused.error).toMatch(/^refused: localhost resolves to /);
    expect([...receiver.requestsOn.values()]).toEqual([1]);
  });
});
