import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { latestEmail } from '../helpers/mail.js';
import { multipart } from '../helpers/multipart.js';
import {
  bearer,
  latestVerificationToken,
  nextEmail,
  registerTenant,
  verifiedTenant,
} from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function eventTypes(apiKey: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(apiKey) });
  return res.json().events.map((e: { eventType: string }) => e.eventType);
}

describe('email verification', () => {
  it('check does not consume; POST consumes once, activates the tenant and logs EMAIL_VERIFIED', async () => {
    const t = await registerTenant(ctx);
    const token = await latestVerificationToken(ctx, t.email);
    const check = await ctx.app.inject({ method: 'GET', url: `/v1/verify-email/check?token=${token}` });
    expect(check.json()).toEqual({ ok: true, valid: true, email: t.email });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/v1/verify-email/check?token=${token}` })).json().valid,
    ).toBe(true);
    expect(await eventTypes(t.apiKey)).not.toContain('EMAIL_VERIFIED');

    const res = await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, email: t.email });
    expect(typeof res.json().message).toBe('string');
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(me.json().tenant.status).toBe('ACTIVE');
    expect(await eventTypes(t.apiKey)).toContain('EMAIL_VERIFIED');

    const again = await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
    expect([again.statusCode, again.json().code]).toEqual([400, 'INVALID_OR_EXPIRED_TOKEN']);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/v1/verify-email/check?token=${token}` })).json(),
    ).toEqual({ ok: true, valid: false });
  });

  it('legacy GET checks and consumes in one call', async () => {
    const t = await registerTenant(ctx);
    const token = await latestVerificationToken(ctx, t.email);
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/verify-email?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(t.email);
    const again = await ctx.app.inject({ method: 'GET', url: `/v1/verify-email?token=${token}` });
    expect(again.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('expires tokens after 24 hours', async () => {
    const t = await registerTenant(ctx);
    const token = await latestVerificationToken(ctx, t.email);
    await ctx.advance(24 * 3600_000 + 1000);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/v1/verify-email/check?token=${token}` })).json().valid,
    ).toBe(false);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
    expect(res.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it.each([
    ['GET', '/v1/verify-email/check?token=abc'],
    ['GET', '/v1/verify-email/check'],
    ['GET', `/v1/verify-email?token=${'z'.repeat(64)}`],
  ])('refuses a malformed token on %s %s with VALIDATION_FAILED', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET', url });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers INVALID_OR_EXPIRED_TOKEN for a well-formed unknown token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/verify-email',
      payload: { token: 'a'.repeat(64) },
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_OR_EXPIRED_TOKEN']);
  });

  it('sends the link to verificationRedirectUrl with ?token= appended', async () => {
    const t = await registerTenant(ctx, { verificationRedirectUrl: 'https://app.example.com/verify' });
    const mail = await latestEmail(ctx, 'verification', t.email);
    expect(mail!.text).toMatch(/https:\/\/app\.example\.com\/verify\?token=[0-9a-f]{64}/);
  });

  it('keeps the token out of the stored email: sealed until sent, erased once sent (issue 13, defect 4)', async () => {
    const t = await registerTenant(ctx);
    const token = await latestVerificationToken(ctx, t.email);
    const stored = async () =>
      (
        await ctx.query<{ raw: string; secrets_sealed: Buffer | null; status: string }>(
          `select subject || body_text || coalesce(body_html, '') as raw, secrets_sealed, status
             from outbox_emails where to_address = $1`,
          [t.email],
        )
      )[0]!;
    const before = await stored();
    expect(before.status).toBe('PENDING');
    expect(before.raw).not.toContain(token);
    expect(before.raw).toMatch(/token=\{\{secret:[a-z]{16}\}\}/);
    expect(before.secrets_sealed!.includes(Buffer.from(token))).toBe(false);
    await ctx.drainJobs();
    const after = await stored();
    expect(after.status).toBe('SENT');
    expect(after.secrets_sealed).toBeNull();
    expect(after.raw).not.toContain(token);
    // What was sent carries the working link.
    expect((await latestEmail(ctx, 'verification', t.email))!.text).toContain(`token=${token}`);
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('writes the verification email in the tenant language and logs VERIFICATION_EMAIL_SENT once sent', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const [mail] = await ctx.query<{ subject: string; status: string }>(
      `select subject, status from outbox_emails where to_address = $1`,
      [t.email],
    );
    expect(mail).toEqual({ subject: 'Confirm your email address', status: 'PENDING' });
    expect(await ctx.drainJobs()).toBeGreaterThan(0);
    const [sent] = await ctx.query<{ status: string }>(
      `select status from outbox_emails where to_address = $1`,
      [t.email],
    );
    expect(sent!.status).toBe('SENT');
    expect(await eventTypes(t.apiKey)).toContain('VERIFICATION_EMAIL_SENT');
  });
});

describe('POST /v1/resend-verification', () => {
  it('answers the same generic message for unknown, pending and verified accounts, and mails only the pending one', async () => {
    const pending = await registerTenant(ctx);
    const verified = await verifiedTenant(ctx);
    const bodies = [];
    for (const email of [nextEmail('nobody'), pending.email, verified.email]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/resend-verification',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      bodies.push(res.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const count = async (email: string) =>
      (
        await ctx.query<{ n: number }>(`select count(*)::int as n from outbox_emails where to_address = $1`, [
          email,
        ])
      )[0]!.n;
    expect(await count(pending.email)).toBe(2);
    expect(await count(verified.email)).toBe(1);
  });

  it('refuses a missing email with VALIDATION_FAILED', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/resend-verification', payload: {} });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('POST /v1/recover', () => {
  async function recover(fields: Parameters<typeof multipart>[0]) {
    const { payload, headers } = await multipart(fields);
    return ctx.app.inject({ method: 'POST', url: '/v1/recover', payload, headers });
  }

  it('with the certificate on file: revokes the environment keys, issues a new one, back to PENDING_VERIFICATION', async () => {
    const t = await verifiedTenant(ctx);
    const res = await recover({
      cert: { file: t.certificate.p12 },
      certPassword: t.certificate.password,
      email: t.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      environment: 'sandbox',
      issuer: { id: t.issuerId, certFingerprint: t.certificate.fingerprint },
    });
    expect(Object.keys(body.tenant).sort()).toEqual(
      ['documentCount', 'documentQuota', 'email', 'id', 'status', 'subscriptionTier'].sort(),
    );
    expect(body.tenant.status).toBe('PENDING_VERIFICATION');
    const old = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(old.statusCode).toBe(401);
    const events = await eventTypes(body.apiKey);
    expect(events).toContain('ACCOUNT_RECOVERED');
    const detail = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(body.apiKey) })
    )
      .json()
      .events.find((e: { eventType: string }) => e.eventType === 'ACCOUNT_RECOVERED').detail;
    expect(detail).toEqual({ environment: 'sandbox', previousStatus: 'ACTIVE' });
    // a fresh verification email with a token that works
    const token = await latestVerificationToken(ctx, t.email);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } })).statusCode,
    ).toBe(200);
  });

  it('answers one indistinguishable generic body for an unknown email, an account without issuer and a certificate mismatch', async () => {
    const t = await verifiedTenant(ctx);
    const bare = await verifiedTenant(ctx);
    await ctx.query('update issuers set active = false where tenant_id = $1', [bare.tenantId]);
    const other = makeCertificate({ keyIndex: 3 });
    const answers = await Promise.all([
      recover({
        cert: { file: t.certificate.p12 },
        certPassword: t.certificate.password,
        email: nextEmail('ghost'),
      }),
      recover({
        cert: { file: bare.certificate.p12 },
        certPassword: bare.certificate.password,
        email: bare.email,
      }),
      recover({ cert: { file: other.p12 }, certPassword: other.password, email: t.email }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ ok: true, message: expect.any(String) });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })).statusCode,
    ).toBe(200);
  });

  it('raises certificate errors before any account lookup, and VALIDATION_FAILED without cert or email', async () => {
    const wrong = await recover({
      cert: { file: makeCertificate().p12 },
      certPassword: 'nope',
      email: nextEmail(),
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'CERTIFICATE_PASSWORD_INVALID']);
    const noCert = await recover({ email: nextEmail() });
    expect([noCert.statusCode, noCert.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const noEmail = await recover({ cert: { file: makeCertificate().p12 }, certPassword: 'test-password' });
    expect([noEmail.statusCode, noEmail.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers 403 ACCOUNT_SUSPENDED only when the certificate matches a suspended account', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(
      `update tenants set status = 'SUSPENDED', suspension_reason_code = 'OTHER' where id = $1`,
      [t.tenantId],
    );
    const res = await recover({
      cert: { file: t.certificate.p12 },
      certPassword: t.certificate.password,
      email: t.email,
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const other = makeCertificate({ keyIndex: 4 });
    const mismatch = await recover({
      cert: { file: other.p12 },
      certPassword: other.password,
      email: t.email,
    });
    expect(mismatch.statusCode).toBe(200);
  });
});

describe('tenant endpoints', () => {
  it('PATCH /v1/tenants/language sets the language (tenant:manage) and refuses other values', async () => {
    const t = await verifiedTenant(ctx);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: bearer(t.apiKey),
      payload: { language: 'en' },
    });
    expect(res.json()).toEqual({ ok: true, language: 'en' });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: bearer(t.apiKey),
      payload: { language: 'de' },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const { fixtureKey } = await import('../helpers/tenants.js');
    const narrow = await fixtureKey(ctx, t, ['documents:read']);
    const denied = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: bearer(narrow),
      payload: { language: 'es' },
    });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    // tenants/me and events are scope-exempt
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(narrow) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(narrow) }))
        .statusCode,
    ).toBe(200);
  });

  it('a suspended tenant reads its status and events but cannot write', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(
      `update tenants set status = 'SUSPENDED', suspension_reason_code = 'FRAUD_SUSPECTED' where id = $1`,
      [t.tenantId],
    );
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(me.json().tenant).toMatchObject({ status: 'SUSPENDED', suspensionReasonCode: 'FRAUD_SUSPECTED' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(t.apiKey) }))
        .statusCode,
    ).toBe(200);
    const write = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: bearer(t.apiKey),
      payload: { language: 'en' },
    });
    expect([write.statusCode, write.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
  });
});
