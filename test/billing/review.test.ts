import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/pool.js';
import { authChannelDrained } from '../../src/http/auth-cache.js';
import { addInterval } from '../../src/modules/billing/periods.js';
import { documents } from '../../src/modules/documents/documents.tables.js';
import {
  activeSubscription,
  emailsOf,
  eventTypes,
  lastEvent,
  mySubscriptions,
  notificationsOf,
  subscribe,
  uploadProof,
  verify,
  webKey,
} from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/** The provider's review: verify, reject, refund, and the self-billed invoice. */
let ctx: TestContext;
let provider: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  provider = await verifiedTenant(ctx, { businessName: 'EINVOICE-EC S.A.S.' });
});
afterAll(async () => ctx?.close());

const review = () => ctx.deps.billing.review;
const tierOf = async (t: RegisteredTenant) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })).json().tenant;

async function reported(tier = 'STARTER') {
  const t = await verifiedTenant(ctx);
  const key = await webKey(ctx, t);
  const res = await subscribe(ctx, key, tier);
  const paymentId = res.json().payment.id as string;
  await uploadProof(ctx, key, paymentId);
  return { t, key, paymentId, subscriptionId: res.json().subscription.id as string };
}

describe('verify', () => {
  it('activates the subscription: tier, quota, ACTIVE, period; events, notification and email', async () => {
    const { t, key, paymentId, subscriptionId } = await reported('GROWTH');
    const before = ctx.clock.now();
    const res = await verify(ctx, paymentId);
    expect(res.payment).toMatchObject({ status: 'VERIFIED', verified_at: expect.any(String) });
    expect(res.subscription).toMatchObject({ status: 'ACTIVE', tier: 'GROWTH' });
    const start = new Date(res.subscription.current_period_start!);
    expect(start.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(res.subscription.current_period_end).toBe(addInterval(start, 'MONTHLY').toISOString());
    expect(await tierOf(t)).toMatchObject({
      subscriptionTier: 'GROWTH',
      documentQuota: 1500,
      status: 'ACTIVE',
    });
    expect((await eventTypes(ctx, t.tenantId)).slice(-3)).toEqual([
      'PAYMENT_REPORTED',
      'PAYMENT_VERIFIED',
      'SUBSCRIPTION_ACTIVATED',
    ]);
    expect(await lastEvent(ctx, t.tenantId, 'SUBSCRIPTION_ACTIVATED')).toMatchObject({
      subscriptionId,
      tier: 'GROWTH',
    });
    const [note] = await notificationsOf(ctx, t.tenantId);
    expect(note).toMatchObject({
      type: 'PAYMENT_VERIFIED',
      severity: 'INFO',
      metadata: {
        paymentId,
        subscriptionId,
        tier: 'GROWTH',
        billingInterval: 'MONTHLY',
        purpose: 'INITIAL',
        amount: '34.39',
        rejectionReasonCode: null,
      },
    });
    const email = (await emailsOf(ctx, t.tenantId)).at(-1)!;
    expect(email).toMatchObject({ kind: 'notification', subject: 'Pago verificado' });
    expect(email.body_text).toContain('USD 34.39');
    // verified once only
    await expect(verify(ctx, paymentId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await mySubscriptions(ctx, key))[0]!.payments[0]!.status).toBe('VERIFIED');
  });

  it('leaves out the email when the tenant turned EMAIL off for PAYMENT_VERIFIED', async () => {
    const { t, paymentId } = await reported();
    await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/notifications/preferences',
      headers: bearer(t.apiKey),
      payload: { preferences: [{ type: 'PAYMENT_VERIFIED', channel: 'EMAIL', enabled: false }] },
    });
    await verify(ctx, paymentId);
    expect((await notificationsOf(ctx, t.tenantId)).map((n) => n.type)).toEqual(['PAYMENT_VERIFIED']);
    expect((await emailsOf(ctx, t.tenantId)).map((e) => e.kind)).toEqual(['verification']);
  });

  it('brings a PAST_DUE tenant back to ACTIVE', async () => {
    const { t, paymentId } = await reported();
    await ctx.query(`update tenants set status = 'PAST_DUE' where id = $1`, [t.tenantId]);
    await verify(ctx, paymentId);
    expect((await tierOf(t)).status).toBe('ACTIVE');
  });

  it('answers NOT_FOUND for an unknown payment', async () => {
    await expect(verify(ctx, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('reject', () => {
  it('marks REJECTED with the reason; event, WARNING notification and email; subscription stays PENDING_PAYMENT', async () => {
    const { t, key, paymentId, subscriptionId } = await reported();
    const res = await review().reject(paymentId, 'WRONG_ACCOUNT', 'sent to another bank');
    expect(res.payment).toMatchObject({ status: 'REJECTED', rejection_reason_code: 'WRONG_ACCOUNT' });
    expect(res.subscription.status).toBe('PENDING_PAYMENT');
    expect(await lastEvent(ctx, t.tenantId, 'PAYMENT_REJECTED')).toEqual({
      paymentId,
      subscriptionId,
      purpose: 'INITIAL',
      reasonCode: 'WRONG_ACCOUNT',
      note: 'sent to another bank',
    });
    expect((await notificationsOf(ctx, t.tenantId)).at(-1)).toMatchObject({
      type: 'PAYMENT_REJECTED',
      severity: 'WARNING',
      metadata: {
        paymentId,
        subscriptionId,
        tier: 'STARTER',
        purpose: 'INITIAL',
        amount: '11.39',
        rejectionReasonCode: 'WRONG_ACCOUNT',
      },
    });
    expect((await emailsOf(ctx, t.tenantId)).at(-1)!.body_text).toContain(
      'la transferencia fue a otra cuenta',
    );
    await expect(review().reject(paymentId, 'OTHER', null)).rejects.toMatchObject({ code: 'CONFLICT' });
    // the proof can be re-submitted and then verified
    await uploadProof(ctx, key, paymentId);
    await verify(ctx, paymentId);
    expect((await tierOf(t)).subscriptionTier).toBe('STARTER');
  });
});

describe('refund', () => {
  it('restores the tier before the payment (detail.restoredTier) and cancels a refunded initial subscription', async () => {
    const t = await verifiedTenant(ctx);
    const { key, paymentId, subscriptionId } = await activeSubscription(ctx, t, 'BUSINESS');
    await expect(review().refund((await reported()).paymentId, null)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const res = await review().refund(paymentId, 'transfer reversed');
    expect(res.payment).toMatchObject({ status: 'REFUNDED', refunded_at: expect.any(String) });
    expect(res.subscription).toMatchObject({ status: 'CANCELLED', end_reason: 'REFUNDED' });
    expect(await lastEvent(ctx, t.tenantId, 'PAYMENT_REFUNDED')).toMatchObject({
      paymentId,
      subscriptionId,
      restoredTier: 'FREE',
    });
    expect((await tierOf(t)).subscriptionTier).toBe('FREE');
    await expect(review().refund(paymentId, null)).rejects.toMatchObject({ code: 'CONFLICT' });
    // a new subscription may start
    expect((await subscribe(ctx, key, 'STARTER')).statusCode).toBe(201);
  });

  it('a refunded upgrade brings the previous tier back', async () => {
    const t = await verifiedTenant(ctx);
    const { key } = await activeSubscription(ctx, t, 'STARTER');
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/v1/subscriptions/change-tier',
      headers: bearer(key),
      payload: { tier: 'GROWTH' },
    });
    await verify(ctx, change.json().payment.id);
    expect((await tierOf(t)).subscriptionTier).toBe('GROWTH');
    await review().refund(change.json().payment.id, null);
    // Called in-process, not through the operator API: let the commit's announcement reach the
    // tenant view cache as the API's own writes do before answering.
    await authChannelDrained(ctx.deps.authCache, ctx.deps.database.pool);
    expect((await tierOf(t)).subscriptionTier).toBe('STARTER');
    expect(await lastEvent(ctx, t.tenantId, 'PAYMENT_REFUNDED')).toMatchObject({
      restoredTier: 'STARTER',
      purpose: 'TIER_CHANGE',
    });
    expect((await mySubscriptions(ctx, key))[0]).toMatchObject({ status: 'ACTIVE', tier: 'STARTER' });
  });
});

describe('self-billing', () => {
  const selfJobs = async () =>
    (
      await ctx.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'billing:self-invoice'`,
      )
    )[0]!.n;

  it('without PROVIDER_ISSUER_ID: no invoice is queued', async () => {
    ctx.config.providerIssuerId = null;
    const before = await selfJobs();
    const { paymentId } = await reported();
    await verify(ctx, paymentId);
    expect(await selfJobs()).toBe(before);
  });

  it('issues the provider’s invoice through the document path and links it when authorized', async () => {
    ctx.config.providerIssuerId = provider.issuerId;
    try {
      const { t, key, paymentId, subscriptionId } = await reported('GROWTH');
      await verify(ctx, paymentId);
      await ctx.drainJobs();
      const [row] = await ctx.query<{ invoice_document_id: string }>(
        'select invoice_document_id from payments where id = $1',
        [paymentId],
      );
      const docs = await ctx.query<Record<string, unknown>>('select * from documents where id = $1', [
        row!.invoice_document_id,
      ]);
      const doc = docs[0]!;
      expect(doc).toMatchObject({
        tenant_id: provider.tenantId,
        issuer_id: provider.issuerId,
        document_type: '01',
        status: 'SIGNED',
        buyer_id_type: '04',
        buyer_id: t.ruc,
        buyer_email: t.email,
        total: '34.39',
      });
      await ctx.drainJobs(); // a second run changes nothing
      expect(
        (await ctx.query('select id from documents where tenant_id = $1', [provider.tenantId])).length,
      ).toBe(1);
      // The document lifecycle calls the hook in the transaction that records AUTHORIZED.
      const authorize = async (id: string) => {
        await ctx.query(
          `update documents set status = 'AUTHORIZED', authorization_number = access_key, authorization_date = now() where id = $1`,
          [id],
        );
        const [docRow] = await ctx.deps.db.select().from(documents).where(eq(documents.id, id));
        for (let i = 0; i < 2; i++)
          await withTransaction(ctx.deps.db, (tx) =>
            ctx.deps.billing.onDocumentAuthorized(tx, docRow!, ctx.clock.now()),
          );
      };
      // a document that is no payment's invoice is ignored
      const own = await ctx.app.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { ...bearer(t.apiKey), 'x-issuer-id': t.issuerId },
        payload: invoiceBody(),
      });
      const [other] = await ctx.deps.db
        .select()
        .from(documents)
        .where(eq(documents.accessKey, own.json().document.accessKey));
      await withTransaction(ctx.deps.db, (tx) =>
        ctx.deps.billing.onDocumentAuthorized(tx, other!, ctx.clock.now()),
      );
      expect(await eventTypes(ctx, t.tenantId)).not.toContain('INVOICE_LINKED');
      await authorize(doc.id as string);
      expect((await mySubscriptions(ctx, key))[0]!.initial_invoice_document_id).toBe(doc.id);
      expect(await lastEvent(ctx, t.tenantId, 'INVOICE_LINKED')).toMatchObject({
        paymentId,
        subscriptionId,
        purpose: 'INITIAL',
        documentId: doc.id,
        accessKey: doc.access_key,
      });
      expect((await eventTypes(ctx, t.tenantId)).filter((e) => e === 'INVOICE_LINKED')).toHaveLength(1);
    } finally {
      ctx.config.providerIssuerId = null;
    }
  });
});
