import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`: what verify-signature.ts checks. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, v1): `v1,<base64
 * HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`, where the key is the base64 text
 * after `whsec_` decoded. Our secrets are `whsec_` + 40 base62 characters, all of them base64
 * characters, so every secret ever issued is also a valid Standard Webhooks secret (30 bytes).
 */
export function signStandardWebhook(
  secret: string,
  messageId: string,
  timestamp: number,
  body: string,
): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}
