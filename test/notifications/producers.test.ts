import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { inTransaction, notifyNow } from '../helpers/notifications.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const n = () => ctx.deps.notifications;
const readIt = (t: RegisteredTenant, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/v1/notifications/${id}/read`, headers: bearer(t.apiKey) });
const emails = (t: RegisteredTenant) =>
  ctx.query<{ subject: string; to_address: string; ref: Record<string, string> }>(
    `select subject, to_address, ref from outbox_emails where tenant_id = $1 and kind = 'notification' order by created_at, id`,
    [t.tenantId],
  );

describe('quotaCheck', () => {
  const check = (t: RegisteredTenant, used: number, quota = 30, periodKey = '2026-11') =>
    inTransaction(ctx, (tx) =>
      n().quotaCheck(tx, { tenantId: t.tenantId, used, quota, periodKey }, ctx.clock.now()),
    );

  it('fires once at 80% (WARNING) and once at 100% (ERROR) per billing period, each with its email', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    expect(await check(t, 23)).toBeNull();
    const warning = await check(t, 24);
    expect(warning?.notification).toMatchObject({
      type: 'QUOTA_WARNING',
      severity: 'WARNING',
      issuerId: null,
      title: 'You have used 80% of your document quota',
      metadata: { used: 24, quota: 30, percent: 80, periodKey: '2026-11', threshold: 80 },
    });
    expect(await check(t, 25)).toBeNull();
    await readIt(t, warning!.notification.id);
    expect(await check(t, 26)).toBeNull(); // read or not, once per period
    const full = await check(t, 30);
    expect(full?.notification).toMatchObject({
      severity: 'ERROR',
      title: 'You have reached your document quota',
      metadata: { used: 30, quota: 30, percent: 100, periodKey: '2026-11', threshold: 100 },
    });
    expect(await check(t, 31)).toBeNull();
    expect(await check(t, 30)).toBeNull();
    const next = await check(t, 25, 30, '2026-12');
    expect(next?.notification.metadata).toMatchObject({ periodKey: '2026-12', percent: 83 });
    expect((await emails(t)).map((e) => e.subject)).toEqual([
      'You have used 80% of your document quota',
      'You have reached your document quota',
      'You have used 83% of your document quota',
    ]);
  });

  it('arms both thresholds again when the quota changes within the period', async () => {
    const t = await registerTenant(ctx);
    expect(await check(t, 30, 30)).not.toBeNull();
    expect(await check(t, 239, 300)).toBeNull();
    expect((await check(t, 240, 300))?.notification.metadata).toMatchObject({ percent: 80, quota: 300 });
  });

  it('jumping past 100% gives only the 100% notification; a zero quota gives none', async () => {
    const t = await registerTenant(ctx);
    expect((await check(t, 40))?.notification.severity).toBe('ERROR');
    expect(await check(t, 41)).toBeNull();
    expect(await check(t, 5, 0, 'x')).toBeNull();
    const rows = await ctx.query('select id from notifications where tenant_id = $1', [t.tenantId]);
    expect(rows).toHaveLength(1);
  });
});

describe('submissionFailed', () => {
  const doc = { accessKey: '2'.repeat(49), documentType: '01', sequential: '000000042' };
  const fail = (
    t: RegisteredTenant,
    messages: { identifier: string; message: string; additionalInfo?: string }[],
  ) =>
    inTransaction(ctx, (tx) =>
      n().submissionFailed(
        tx,
        { tenantId: t.tenantId, issuerId: t.issuerId, document: doc, status: 'RETURNED', messages },
        ctx.clock.now(),
      ),
    );

  it('is an ERROR with the document and the tax authority messages, upserted per document, emailed', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const first = await fail(t, [
      { identifier: '35', message: 'ARCHIVO NO CUMPLE ESTRUCTURA XML', additionalInfo: 'totalConImpuestos' },
    ]);
    expect(first.notification).toMatchObject({
      type: 'SRI_SUBMISSION_FAILED',
      severity: 'ERROR',
      issuerId: t.issuerId,
      title: 'The SRI refused a document',
      metadata: {
        ...doc,
        status: 'RETURNED',
        messages: [
          {
            identifier: '35',
            message: 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
            additionalInfo: 'totalConImpuestos',
            type: null,
          },
        ],
      },
    });
    expect(first.notification.message).toBe(
      'Document 000000042 was returned by the SRI: 35 ARCHIVO NO CUMPLE ESTRUCTURA XML (totalConImpuestos). Correct it and rebuild it.',
    );
    const second = await fail(t, [{ identifier: '45', message: 'SECUENCIAL REGISTRADO' }]);
    expect(second.created).toBe(false);
    expect(second.notification.id).toBe(first.notification.id);
    expect(second.notification.metadata?.messages).toEqual([
      { identifier: '45', message: 'SECUENCIAL REGISTRADO', additionalInfo: null, type: null },
    ]);
    expect((await emails(t)).map((e) => e.subject)).toEqual([
      'The SRI refused a document',
      'The SRI refused a document',
    ]);
  });
});

describe('emailDeliveryFailed', () => {
  it('is a WARNING with document, recipient and error; emailed to the tenant unless the tenant is the failed recipient', async () => {
    const t = await registerTenant(ctx);
    const document = { accessKey: '3'.repeat(49), documentType: '01', sequential: '000000007' };
    const r = await inTransaction(ctx, (tx) =>
      n().emailDeliveryFailed(
        tx,
        {
          tenantId: t.tenantId,
          issuerId: t.issuerId,
          recipient: 'comprador@example.com',
          error: '550 mailbox unavailable',
          emailId: null,
          document,
        },
        ctx.clock.now(),
      ),
    );
    expect(r.notification).toMatchObject({
      type: 'EMAIL_DELIVERY_FAILED',
      severity: 'WARNING',
      title: 'No se pudo entregar un correo',
      metadata: {
        ...document,
        recipient: 'comprador@example.com',
        error: '550 mailbox unavailable',
        emailId: null,
      },
    });
    expect(r.notification.message).toContain('comprador@example.com');
    expect(r.emailId).not.toBeNull();
    const own = await inTransaction(ctx, (tx) =>
      n().emailDeliveryFailed(
        tx,
        { tenantId: t.tenantId, recipient: t.email.toUpperCase(), error: '550 no such user', emailId: 'e1' },
        ctx.clock.now(),
      ),
    );
    expect(own.emailId).toBeNull();
    expect(own.notification.metadata).toMatchObject({ accessKey: null, sequential: null, emailId: 'e1' });
    const mails = await emails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(t.email);
    expect(mails[0]!.ref).toEqual({ notificationId: r.notification.id, type: 'EMAIL_DELIVERY_FAILED' });
  });
});

describe('notify', () => {
  const payment = (t: RegisteredTenant, extra: object = {}) =>
    notifyNow(ctx, {
      tenantId: t.tenantId,
      type: 'PAYMENT_REJECTED',
      severity: 'WARNING',
      title: { es: 'Pago rechazado', en: 'Payment rejected' },
      message: { es: 'Revisa el comprobante', en: 'Check the proof' },
      metadata: { paymentId: 'p1', rejectionReasonCode: 'ILLEGIBLE_PROOF' },
      dedupeKey: 'payment:p1',
      ...extra,
    });

  it('updates the unread row with the same dedupeKey in place; once read, a new row is created', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const a = await payment(t);
    expect(a.notification).toMatchObject({ title: 'Payment rejected', message: 'Check the proof' });
    const b = await payment(t, { metadata: { paymentId: 'p1', rejectionReasonCode: 'AMOUNT_MISMATCH' } });
    expect([b.created, b.notification.id]).toEqual([false, a.notification.id]);
    expect(b.notification.metadata).toEqual({ paymentId: 'p1', rejectionReasonCode: 'AMOUNT_MISMATCH' });
    await readIt(t, a.notification.id);
    const c = await payment(t);
    expect(c.created).toBe(true);
    expect(c.notification.id).not.toBe(a.notification.id);
    // Every create or update queues the email equivalent (EMAIL on by default).
    expect(await emails(t)).toHaveLength(3);
  });

  it('starts a new row when the unread row with the key has expired', async () => {
    const t = await registerTenant(ctx);
    const a = await payment(t, { expiresAt: new Date(ctx.clock.now().getTime() + 1000) });
    ctx.clock.advance(2000);
    const b = await payment(t);
    expect(b.created).toBe(true);
    expect(b.notification.id).not.toBe(a.notification.id);
    expect(b.notification.title).toBe('Pago rechazado');
  });

  it('rolls back with the caller: nothing is created when the caller transaction fails', async () => {
    const t = await registerTenant(ctx);
    await expect(
      inTransaction(ctx, async (tx) => {
        await n().notify(
          tx,
          { tenantId: t.tenantId, type: 'QUOTA_WARNING', severity: 'WARNING', title: 't', message: 'm' },
          ctx.clock.now(),
        );
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await ctx.query('select id from notifications where tenant_id = $1', [t.tenantId])).toHaveLength(
      0,
    );
    expect(await emails(t)).toHaveLength(0);
  });
});
