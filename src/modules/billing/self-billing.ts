import { Type } from '@sinclair/typebox';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.js';
import type { Executor } from '../../db/pool.js';
import { issuers, tenants } from '../../db/tables.js';
import { defineJob, enqueue, JobId } from '../../jobs/queue.js';
import type { IssuerScope } from '../../shared/scope.js';
import type { DocumentRow, DocumentsService, InvoiceInput } from '../documents/index.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { type PaymentRow, payments, subscriptions } from './billing.tables.js';

/** The payload of SELF_INVOICE_JOB, checked when the job runs. */
const SELF_INVOICE_PAYLOAD = { version: 1, payload: Type.Object({ paymentId: JobId }) };

const SELF_INVOICE_JOB = 'billing:self-invoice';

/** The provider's invoice for a verified payment (decisions.md: issued at verification). */
function selfInvoiceBody(p: PaymentRow, buyer: { ruc: string; name: string; email: string }): InvoiceInput {
  const interval = p.planBillingInterval === 'YEARLY' ? 'anual' : 'mensual';
  const what = { INITIAL: 'suscripción', TIER_CHANGE: 'cambio de plan', RENEWAL: 'renovación' }[p.purpose];
  return {
    documentType: '01',
    buyer: { idType: '04', id: buyer.ruc, name: buyer.name, email: buyer.email },
    items: [
      {
        mainCode: `PLAN-${p.planTier}-${p.planBillingInterval}`,
        description: `Plan ${p.planTier} ${interval} de facturación electrónica (${what})`,
        quantity: '1',
        unitPrice: p.amount,
        // IVA 15%: rate code 4 in the tax authority's table (decisions.md)
        taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: p.amount, taxAmount: p.ivaAmount }],
      },
    ],
    // 20: other means through the financial system (a bank transfer)
    payments: [{ method: '20', total: p.totalAmount }],
    additionalInfo: [{ name: 'Pago', value: p.id }],
  };
}

/**
 * Self-billing: at verification a job issues the provider's invoice through the ordinary document
 * path, as the issuer named by PROVIDER_ISSUER_ID (an issuer of the provider's own tenant in this
 * database). The job's Idempotency-Key makes a retried run return the same document. When the tax
 * authority authorizes it, `onDocumentAuthorized` links it (INVOICE_LINKED, bookkeeping only).
 */
export function createSelfBilling(deps: {
  db: Executor;
  config: Config;
  log: Logger;
  documents: Pick<DocumentsService, 'issue'>;
}) {
  const { db, config, log } = deps;

  async function queue(tx: Executor, p: PaymentRow): Promise<void> {
    if (!config.providerIssuerId) {
      log.info({ paymentId: p.id }, 'PROVIDER_ISSUER_ID is not set: no self-billed invoice for this payment');
      return;
    }
    await enqueue(
      tx,
      SELF_INVOICE_JOB,
      SELF_INVOICE_PAYLOAD,
      { paymentId: p.id },
      { jobKey: `self-invoice:${p.id}`, maxAttempts: 10 },
    );
  }

  /** Where the provider issues: its issuer, its tenant, the tenant's current environment. */
  async function providerScope(issuerId: string): Promise<IssuerScope> {
    const [row] = await db
      .select({ tenantId: tenants.id, sandbox: tenants.sandbox })
      .from(issuers)
      .innerJoin(tenants, eq(tenants.id, issuers.tenantId))
      .where(and(eq(issuers.id, issuerId), eq(issuers.active, true)));
    if (!row) throw new Error(`PROVIDER_ISSUER_ID ${issuerId} is not an active issuer of this database`);
    return { tenantId: row.tenantId, environment: row.sandbox ? 'sandbox' : 'production', issuerId };
  }

  async function issue(paymentId: string): Promise<string | null> {
    const issuerId = config.providerIssuerId;
    if (!issuerId) return null;
    const [p] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!p || p.invoiceDocumentId || p.status !== 'VERIFIED') return p?.invoiceDocumentId ?? null;
    const [buyer] = await db
      .select({ ruc: tenants.ruc, email: tenants.email, name: issuers.businessName })
      .from(tenants)
      .innerJoin(issuers, eq(issuers.tenantId, tenants.id))
      .where(eq(tenants.id, p.tenantId))
      .orderBy(asc(issuers.createdAt))
      .limit(1);
    if (!buyer) throw new Error(`tenant ${p.tenantId} has no issuer to bill`);
    const scope = await providerScope(issuerId);
    const { documentId } = await deps.documents.issue(
      scope,
      selfInvoiceBody(p, buyer),
      `billing-payment-${p.id}`,
    );
    await db
      .update(payments)
      .set({ invoiceDocumentId: documentId })
      .where(and(eq(payments.id, p.id), isNull(payments.invoiceDocumentId)));
    return documentId;
  }

  /**
   * The document lifecycle's onAuthorized hook: when the provider's invoice for a payment is
   * authorized, link it (initial_invoice_document_id for the initial payment) and record
   * INVOICE_LINKED on the customer's log. Any other document is ignored; a second call is a no-op.
   */
  async function onDocumentAuthorized(tx: Executor, doc: DocumentRow, now: Date): Promise<void> {
    const [p] = await tx.select().from(payments).where(eq(payments.invoiceDocumentId, doc.id)).for('update');
    if (!p || p.invoiceLinkedAt) return;
    await tx.update(payments).set({ invoiceLinkedAt: now }).where(eq(payments.id, p.id));
    if (p.purpose === 'INITIAL')
      await tx
        .update(subscriptions)
        .set({ initialInvoiceDocumentId: doc.id })
        .where(and(eq(subscriptions.id, p.subscriptionId), isNull(subscriptions.initialInvoiceDocumentId)));
    await recordTenantEvent(
      tx,
      p.tenantId,
      'INVOICE_LINKED',
      {
        paymentId: p.id,
        subscriptionId: p.subscriptionId,
        purpose: p.purpose,
        documentId: doc.id,
        accessKey: doc.accessKey,
        authorizationNumber: doc.authorizationNumber,
      },
      now,
    );
  }

  const job = defineJob(SELF_INVOICE_JOB, SELF_INVOICE_PAYLOAD, async ({ paymentId }) => {
    await issue(paymentId);
  });

  return { queue, issue, onDocumentAuthorized, job };
}

export type SelfBilling = ReturnType<typeof createSelfBilling>;
