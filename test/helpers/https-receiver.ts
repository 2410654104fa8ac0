import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { testTlsFiles } from './tls.js';

interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, exactly as received (what the signature covers). */
  rawBody: string;
  /** Real time of arrival (performance.timeOrigin-based milliseconds). */
  receivedAt: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (to exercise the sender's time-out). */
  hang?: boolean;
}

export interface HttpsReceiver {
  /** https://localhost:<port><path> */
  url(path?: string): string;
  requests: ReceivedRequest[];
  /** How the receiver answers, per request (default 200). */
  respond(fn: (req: ReceivedRequest) => Reply): void;
  /** Resolves when `count` requests matching `predicate` have arrived. */
  waitFor(
    count: number,
    predicate?: (r: ReceivedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/**
 * A real HTTPS server in the test process, with the certificate of the test CA (tls.ts), that
 * records every request it gets. The service trusts it through NODE_EXTRA_CA_CERTS.
 */
export async function startHttpsReceiver(opts: { cert?: string; key?: string } = {}): Promise<HttpsReceiver> {
  const files = opts.cert ? null : testTlsFiles();
  const requests: ReceivedRequest[] = [];
  let responder: (req: ReceivedRequest) => Reply = () => ({ status: 200, body: 'ok' });
  const listeners = new Set<() => void>();
  const server: Server = createServer(
    {
      cert: opts.cert ?? readFileSync(files!.certFile, 'utf8'),
      key: opts.key ?? readFileSync(files!.keyFile, 'utf8'),
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          rawBody: Buffer.concat(chunks).toString('utf8'),
          receivedAt: performance.timeOrigin + performance.now(),
        };
        requests.push(received);
        const reply = responder(received);
        for (const l of listeners) l();
        if (reply.hang) return;
        res.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' });
        res.end(reply.body ?? '');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `https://localhost:${port}${path}`,
    requests,
    respond(fn) {
      responder = fn;
    },
    waitFor(count, predicate = () => true, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matched = requests.filter(predicate);
          if (matched.length >= count) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(matched);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`expected ${count} webhook request(s), got ${requests.filter(predicate).length}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
