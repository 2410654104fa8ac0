/**
 * Verifies a webhook delivery with the endpoint's secret (`whsec_…`), by either scheme it carries:
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` =
 *   HMAC-SHA256 keyed with the base64 text after `whsec_`, over `<id>.<timestamp>.<body>`;
 * - the API's own: `X-Service-Timestamp`, `X-Service-Signature: sha256=<hex>` = HMAC-SHA256 keyed
 *   with the whole secret text, over `<timestamp>.<body>`.
 * Web Crypto only (Node.js 20+, Deno, Bun, browsers, edge runtimes): no dependency.
 */
export interface VerifyWebhookInput {
  /** The raw body exactly as received (not re-serialized JSON). */
  payload: string | Uint8Array;
  /** The request headers (any case): a Headers object or a plain record. */
  headers: Headers | Record<string, string | string[] | undefined>;
  secret: string;
  /** Oldest and newest accepted timestamp, in seconds from now (default 300). */
  toleranceSeconds?: number;
  /** Unix seconds; default now. */
  now?: number;
}

export type WebhookScheme = 'standard-webhooks' | 'x-service-signature';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

const encoder = new TextEncoder();

function header(headers: VerifyWebhookInput['headers'], name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>))
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmac(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, new Uint8Array(message)));
}

/** Constant-time comparison of two strings of equal length. */
function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function concat(...parts: (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

function checkTimestamp(raw: string | undefined, now: number, tolerance: number): string {
  if (!raw || !/^\d+$/.test(raw)) throw new WebhookVerificationError('missing or malformed timestamp header');
  const ts = Number(raw);
  if (Math.abs(now - ts) > tolerance) throw new WebhookVerificationError('timestamp outside the tolerance');
  return raw;
}

/**
 * Resolves with the parsed event and the scheme that verified it; rejects with
 * WebhookVerificationError on a wrong signature, a stale timestamp or missing headers.
 */
export async function verifyWebhook<T = unknown>(
  input: VerifyWebhookInput,
): Promise<{ event: T; scheme: WebhookScheme }> {
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? 300;
  const body = typeof input.payload === 'string' ? encoder.encode(input.payload) : input.payload;
  const parse = () => JSON.parse(new TextDecoder().decode(body)) as T;

  const standard = header(input.headers, 'webhook-signature');
  if (standard) {
    const id = header(input.headers, 'webhook-id');
    if (!id) throw new WebhookVerificationError('missing webhook-id header');
    const ts = checkTimestamp(header(input.headers, 'webhook-timestamp'), now, tolerance);
    const key = base64ToBytes(input.secret.startsWith('whsec_') ? input.secret.slice(6) : input.secret);
    const expected = bytesToBase64(await hmac(key, concat(`${id}.${ts}.`, body)));
    const match = standard
      .split(' ')
      .some((part) => part.startsWith('v1,') && safeEqual(part.slice(3), expected));
    if (!match) throw new WebhookVerificationError('no matching webhook-signature');
    return { event: parse(), scheme: 'standard-webhooks' };
  }

  const service = header(input.headers, 'x-service-signature');
  if (service) {
    const ts = checkTimestamp(header(input.headers, 'x-service-timestamp'), now, tolerance);
    const expected = `sha256=${bytesToHex(await hmac(encoder.encode(input.secret), concat(`${ts}.`, body)))}`;
    if (!safeEqual(service, expected))
      throw new WebhookVerificationError('X-Service-Signature does not match');
    return { event: parse(), scheme: 'x-service-signature' };
  }
  throw new WebhookVerificationError('no signature header (webhook-signature or X-Service-Signature)');
}
