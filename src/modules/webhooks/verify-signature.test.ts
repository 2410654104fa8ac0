import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './signature.js';
import { verifyWebhookSignature } from './verify-signature.js';

const secret = 'whsec_test_secret';
const body = '{"event":"QUOTA_WARNING","deliveryId":"x"}';
const now = 1_800_000_000_000;
const ts = String(now / 1000);

describe('verifyWebhookSignature', () => {
  it('accepts what signWebhook produces, equal to an independent HMAC', () => {
    const header = signWebhook(secret, Number(ts), body);
    const independent = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
    expect(header).toBe(`sha256=${independent}`);
    expect(
      verifyWebhookSignature({ secret, rawBody: body, signatureHeader: header, timestampHeader: ts, now }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret,
        rawBody: Buffer.from(body),
        signatureHeader: header,
        timestampHeader: ts,
        now: new Date(now),
      }),
    ).toBe(true);
  });

  it('refuses a changed body, a wrong secret, a changed timestamp and malformed headers', () => {
    const header = signWebhook(secret, Number(ts), body);
    const check = (over: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({
        secret,
        rawBody: body,
        signatureHeader: header,
        timestampHeader: ts,
        now,
        ...over,
      });
    expect(check({ rawBody: `${body} ` })).toBe(false);
    expect(check({ secret: 'whsec_other' })).toBe(false);
    expect(check({ timestampHeader: String(Number(ts) + 1) })).toBe(false);
    expect(check({ signatureHeader: header.replace('sha256=', 'sha1=') })).toBe(false);
    expect(check({ signatureHeader: `${header.slice(0, -2)}` })).toBe(false);
    expect(check({ signatureHeader: undefined })).toBe(false);
    expect(check({ timestampHeader: 'yesterday' })).toBe(false);
  });

  it('refuses timestamps outside the tolerance, in either direction', () => {
    const old = now - 301_000;
    const header = signWebhook(secret, old / 1000, body);
    const at = (t: number, tolerance?: number) =>
      verifyWebhookSignature({
        secret,
        rawBody: body,
        signatureHeader: header,
        timestampHeader: String(old / 1000),
        now: t,
        toleranceSeconds: tolerance,
      });
    expect(at(now)).toBe(false);
    expect(at(now - 1_000)).toBe(true);
    expect(at(now, 600)).toBe(true);
    expect(at(old - 301_000)).toBe(false);
  });
});
