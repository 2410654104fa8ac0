import { lookup } from 'node:dns/promises';
import type { ClientRequest } from 'node:http';
import { Agent, request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-guard.js';

export interface SendResult {
  /** The HTTP status, or null when no answer came back. */
  statusCode: number | null;
  /** Why the attempt failed; null on a 2xx. */
  error: string | null;
  success: boolean;
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** config.webhooks.allowPrivate: development and tests only. */
  allowPrivate: boolean;
}

/** Bytes of the receiver's answer we bother to read before closing (we never store it). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Connections to receivers are kept open and reused (a TLS handshake costs both sides about a
 * millisecond of CPU, more than the rest of a delivery). Reuse keeps the address guard whole: the
 * host is resolved and checked before every delivery, and a reused connection goes to an address
 * that was checked when it was opened (the pinned lookup is only consulted to open one). Idle
 * connections close after 4 s, under the 5 s keep-alive of most servers (Node's default); a
 * receiver that closes one earlier costs nothing but a second try on a new connection (below).
 */
const agent = new Agent({
  keepAlive: true,
  maxSockets: 16,
  maxFreeSockets: 16,
  timeout: 4000,
  scheduling: 'lifo',
});

/** Errors of a reused connection the receiver had already closed: the request never reached it. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

type Resolved = { address: string; family: number }[];

/**
 * Resolves the host once and checks every address, IPv4 and IPv6, before connecting: a name
 * with one private address among public ones is refused as a whole (DNS answers rotate).
 * The connection then uses exactly these addresses, so a second, different DNS answer
 * (rebinding) cannot slip a private address in between the check and the connect.
 */
async function resolveDeliverable(
  host: string,
  allowPrivate: boolean,
  deadline: AbortSignal,
): Promise<Resolved> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses: Resolved = family
    ? [{ address: bare, family }]
    : await Promise.race([
        lookup(bare, { all: true, verbatim: true }).catch((e: NodeJS.ErrnoException) => {
          throw new Error(`could not resolve ${bare} (${e.code ?? e.message})`);
        }),
        // The system resolver ignores our deadline; stop waiting for it when the deadline passes.
        new Promise<never>((_, reject) => {
          deadline.addEventListener('abort', () => reject(new Error('DNS lookup timed out')), { once: true });
        }),
      ]);
  if (addresses.length === 0) throw new Error(`could not resolve ${bare}`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused)
      throw new Error(
        `refused: ${bare} resolves to ${refused.address}, a private, loopback, link-local or reserved address`,
      );
  }
  return addresses;
}

function pinnedLookup(addresses: Resolved): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
}

function describeError(e: NodeJS.ErrnoException): string {
  return e.code && !e.message.includes(e.code) ? `${e.code}: ${e.message}` : e.message;
}

/**
 * One POST to a receiver over HTTPS. Never throws: every outcome is a SendResult. Any 2xx is an
 * acknowledgement; everything else fails, including 3xx (redirects are never followed: the
 * address guard would otherwise have to trust wherever the receiver points us).
 */
export async function postWebhook(opts: SendOptions): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(opts.url);
  } catch {
    return { statusCode: null, error: 'invalid URL', success: false };
  }
  if (url.protocol !== 'https:')
    return { statusCode: null, error: 'only https URLs are delivered', success: false };
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  try {
    const addresses = await resolveDeliverable(url.hostname, opts.allowPrivate, deadline);
    const first = await sendOnce(url, opts, addresses, deadline, agent);
    // A kept-alive connection the receiver closed while idle fails before any answer: once more on a fresh one.
    if (first.staleConnection && !deadline.aborted)
      return (await sendOnce(url, opts, addresses, deadline, false)).result;
    return first.result;
  } catch (e) {
    const error = deadline.aborted ? `timed out after ${opts.timeoutMs} ms` : (e as Error).message;
    return { statusCode: null, error, success: false };
  }
}

function sendOnce(
  url: URL,
  opts: SendOptions,
  addresses: Resolved,
  deadline: AbortSignal,
  via: Agent | false,
): Promise<{ result: SendResult; staleConnection: boolean }> {
  return new Promise((resolve) => {
    const req: ClientRequest = request(
      url,
      {
        method: 'POST',
        headers: { ...opts.headers, 'Content-Length': String(Buffer.byteLength(opts.body)) },
        lookup: pinnedLookup(addresses),
        agent: via,
        signal: deadline,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        const finish = () => {
          const success = status >= 200 && status < 300;
          let error: string | null = null;
          const location = res.headers.location?.slice(0, 200);
          if (status >= 300 && status < 400)
            error = `redirect not followed (HTTP ${status}${location ? ` to ${location}` : ''})`;
          else if (!success) error = `HTTP ${status}`;
          resolve({ result: { statusCode: status, error, success }, staleConnection: false });
        };
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      const error = deadline.aborted ? `timed out after ${opts.timeoutMs} ms` : describeError(e);
      const staleConnection = req.reusedSocket && !deadline.aborted && STALE_CONNECTION.has(e.code ?? '');
      resolve({ result: { statusCode: null, error, success: false }, staleConnection });
    });
    req.end(opts.body);
  });
}
