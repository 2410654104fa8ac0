import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { bearer, registerTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'einvoice-ec <no-reply@einvoice.test>' },
  });
  await ctx.startWorker();
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('sign-up over a real SMTP conversation', () => {
  it('register -> verification email arrives -> token from the email verifies -> EMAIL_VERIFIED', async () => {
    const t = await registerTenant(ctx, { language: 'es' });
    const mail = await smtp.waitFor((m) => (m.to as { text: string }).text === t.email);
    expect(mail.subject).toBe('Confirma tu correo electrónico');
    expect(mail.from?.text).toContain('no-reply@einvoice.test');
    expect(mail.html).toContain('Confirmar correo');
    const token = /token=([0-9a-f]{64})/.exec(mail.text ?? '')?.[1];
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const verify = await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
    // The worker records VERIFICATION_EMAIL_SENT in the transaction after the SMTP answer: it can
    // trail the message's arrival by a moment.
    const types = await waitFor(
      'VERIFICATION_EMAIL_SENT',
      async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/v1/tenants/events',
          headers: bearer(t.apiKey),
        });
        return res.json().events.map((e: { eventType: string }) => e.eventType) as string[];
      },
      { until: (types) => types.includes('VERIFICATION_EMAIL_SENT') },
    );
    expect(types).toEqual(
      expect.arrayContaining(['CERTIFICATE_UPLOADED', 'VERIFICATION_EMAIL_SENT', 'EMAIL_VERIFIED']),
    );
    expect(types.indexOf('EMAIL_VERIFIED')).toBeGreaterThan(types.indexOf('CERTIFICATE_UPLOADED'));
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })
    ).json();
    expect(me.tenant.status).toBe('ACTIVE');
  });

  async function pullRetriesForward() {
    // graphile-worker backs off exponentially between attempts; bring them forward instead of waiting.
    const jobs = await ctx.query<{ id: string; now: Date }>(
      `select id, now() as now from graphile_worker.jobs where task_identifier = 'mail.send'`,
    );
    const utils = await ctx.workerUtils();
    for (const job of jobs) await utils.rescheduleJobs([job.id], { runAt: job.now });
  }

  async function outboxRow(email: string) {
    const [row] = await ctx.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from outbox_emails where to_address = $1',
      [email],
    );
    return row!;
  }

  /** Waits for the outbox row's status, bringing each retry forward. */
  const outboxStatus = (email: string, status: string) =>
    waitFor(`the email ${status}`, async () => {
      const row = await outboxRow(email);
      if (row.status === status) return row;
      await pullRetriesForward();
      return null;
    });

  it('a temporary refusal (451) is retried with backoff and then delivered', async () => {
    smtp.rejectNext(2, 451);
    const t = await registerTenant(ctx, { language: 'en' });
    await outboxStatus(t.email, 'SENT');
    const row = await outboxRow(t.email);
    expect(row.status).toBe('SENT');
    expect(row.attempts).toBe(3);
    const mail = await smtp.waitFor((m) => (m.to as { text: string }).text === t.email);
    expect(mail.subject).toBe('Confirm your email address');
  });

  it('a permanent refusal (550) ends FAILED at once, with VERIFICATION_EMAIL_FAILED', async () => {
    smtp.rejectNext(1, 550);
    const t = await registerTenant(ctx, { language: 'en' });
    await outboxStatus(t.email, 'FAILED');
    const row = await outboxRow(t.email);
    expect(row.status).toBe('FAILED');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/550|mailbox/);
    const events = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(t.apiKey) })
    ).json().events;
    expect(events.map((e: { eventType: string }) => e.eventType)).toContain('VERIFICATION_EMAIL_FAILED');
  });
});
