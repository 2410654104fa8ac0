import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { createTestContext, TEST_MASTER_KEY, type TestContext } from '../helpers/context.js';
import { type DebianPostgres, startDebianPostgres } from '../helpers/debian-postgres.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { endpointFor } from '../webhooks/support.js';

/**
 * Issue 13, defect 4 and its proof: after sign-up, email verification and two sign-ins (code and
 * magic link) through a real SMTP server, a `pg_dump` of the whole database holds none of the
 * secrets the test saw: the verification token, the sign-in code and link token, the API key, the
 * session key and CSRF token, the webhook signing secret, the certificate's password and bytes,
 * and MASTER_KEY itself. The test knows each one from what it received (the emails, responses).
 */

let db: DebianPostgres;
let smtp: TestSmtpServer;
let rx: HttpsReceiver;
let ctx: TestContext;

beforeAll(async () => {
  db = await startDebianPostgres();
  const pool = new pg.Pool({ connectionString: db.url });
  await migrate(pool);
  await pool.end();
  smtp = await startTestSmtpServer();
  rx = await startHttpsReceiver();
  ctx = await createTestContext({
    database: { url: db.url, drop: async () => {} },
    env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  await ctx.startWorker();
});
afterAll(async () => {
  await ctx?.close();
  await rx?.close();
  await smtp?.close();
  await db?.stop();
});

const to = (email: string) => (m: { to?: unknown }) => JSON.stringify(m.to ?? '').includes(email);

/** The secret as a standalone token: a 6-digit code must not be found inside a longer number. */
function occursStandalone(haystack: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`).test(haystack);
}

describe('a pg_dump of the database after sign-up, verification and sign-in', () => {
  let t: RegisteredTenant;
  const secrets: Record<string, string> = {};

  it('signs up, verifies and signs in through real emails', async () => {
    t = await registerTenant(ctx);
    secrets.apiKey = t.apiKey;
    secrets.certificatePassword = t.certificate.password;

    const verification = await smtp.waitFor((m) => to(t.email)(m) && /token=/.test(m.text ?? ''));
    secrets.verificationToken = /token=([0-9a-f]{64})/.exec(verification.text ?? '')![1]!;
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/v1/verify-email',
      payload: { token: secrets.verificationToken },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const start = () =>
      ctx.app.inject({ method: 'POST', url: '/v1/session/start', payload: { email: t.email } });
    const signInMail = (n: number) =>
      waitFor(
        `sign-in email ${n}`,
        () => smtp.messages.filter((m) => to(t.email)(m) && /signin\/link/.test(m.text ?? ''))[n - 1],
      );
    expect((await start()).statusCode).toBe(200);
    const first = await signInMail(1);
    secrets.signInCode = /(?:is|es) (\d{6})\./.exec(first.text ?? '')![1]!;
    const byCode = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session/verify',
      payload: { email: t.email, code: secrets.signInCode },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    for (const c of byCode.cookies as { name: string; value: string }[])
      secrets[`cookie ${c.name} (code sign-in)`] = c.value;

    expect((await start()).statusCode).toBe(200);
    const second = await signInMail(2);
    secrets.magicLinkToken = /signin\/link\?token=([0-9a-f]{64})/.exec(second.text ?? '')![1]!;
    secrets.secondSignInCode = /(?:is|es) (\d{6})\./.exec(second.text ?? '')![1]!;
    const byLink = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session/verify',
      payload: { token: secrets.magicLinkToken },
    });
    expect(byLink.statusCode, byLink.body).toBe(200);
    for (const c of byLink.cookies as { name: string; value: string }[])
      secrets[`cookie ${c.name} (link sign-in)`] = c.value;

    const { secret } = await endpointFor(ctx, t, rx.url('/hook'));
    secrets.webhookSecret = secret;
    // Every email went out, so the dump shows the outbox as it stays.
    await expect
      .poll(
        async () =>
          (
            await ctx.query<{ n: number }>(
              `select count(*)::int as n from outbox_emails where tenant_id = $1 and status <> 'SENT'`,
              [t.tenantId],
            )
          )[0]!.n,
        { timeout: 30_000 },
      )
      .toBe(0);
  });

  it('holds none of those secrets in clear', () => {
    expect(Object.keys(secrets)).toEqual(
      expect.arrayContaining([
        'apiKey',
        'certificatePassword',
        'verificationToken',
        'signInCode',
        'magicLinkToken',
        'webhookSecret',
        'cookie eik_session (code sign-in)',
        'cookie eik_csrf (link sign-in)',
      ]),
    );
    const dump = db.dump();
    // The dump is the real one: it holds this tenant's rows and its emails.
    expect(dump).toContain(t.tenantId);
    expect(dump).toContain('COPY public.outbox_emails');
    expect(dump).toContain(t.email);

    const p12 = t.certificate.p12;
    const found = Object.entries({
      ...secrets,
      masterKey: TEST_MASTER_KEY,
      // the certificate's bytes: a slice from its middle, as bytea hex and as base64
      certificateHex: p12.subarray(200, 264).toString('hex'),
      certificateBase64: p12.subarray(201, 249).toString('base64'),
    })
      .filter(([, value]) => occursStandalone(dump, value) || (value.length >= 16 && dump.includes(value)))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });
});
