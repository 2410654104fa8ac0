import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies a webhook from einvoice-ec. Self-contained (Node's crypto only) so that a receiver can
 * copy this file as it is; docs/webhooks.md shows it in use.
 *
 * The signature is HMAC-SHA256 with the endpoint's secret over `<X-Service-Timestamp>.<raw body>`,
 * sent as `X-Service-Signature: sha256=<hex>`. Pass the body exactly as received (before any JSON
 * parsing). A timestamp further than `toleranceSeconds` from `now`, in either direction, is refused,
 * so that a captured request cannot be replayed later.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  rawBody: string | Buffer;
  signatureHeader: string | null | undefined;
  timestampHeader: string | null | undefined;
  toleranceSeconds?: number;
  /** Milliseconds since the epoch (or a Date); defaults to the current time. */
  now?: number | Date;
}): boolean {
  const { secret, rawBody, signatureHeader, timestampHeader } = input;
  const toleranceSeconds = input.toleranceSeconds ?? 300;
  if (!signatureHeader || !timestampHeader || !/^\d{1,15}$/.test(timestampHeader)) return false;
  const nowMs = input.now === undefined ? Date.now() : Number(input.now);
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestampHeader)) > toleranceSeconds) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(signatureHeader.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${timestampHeader}.`).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  // Constant time: the comparison must not reveal how many leading bytes matched.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
