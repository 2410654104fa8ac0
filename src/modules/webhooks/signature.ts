import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`: what verify-signature.ts checks. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
