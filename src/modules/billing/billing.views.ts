import type { Config } from '../../config/config.js';
import { D, fixed } from '../../shared/money.js';
import type { PaymentRow, ProofRow, SubscriptionRow } from './billing.tables.js';

/**
 * The billing resources in the spec's snake_case (docs/spec-map.md: Subscription, Payment). Proof
 * files are never inlined: proofs are listed without their content.
 */
const iso = (d: Date | null) => d?.toISOString() ?? null;
const money = (v: string) => fixed(new D(v));

export function toPaymentView(p: PaymentRow) {
  return {
    id: p.id,
    subscription_id: p.subscriptionId,
    status: p.status,
    amount: money(p.amount),
    iva_rate: fixed(new D(p.ivaRate), 4),
    iva_amount: money(p.ivaAmount),
    total_amount: money(p.totalAmount),
    method: p.method,
    purpose: p.purpose,
    target_tier: p.purpose === 'TIER_CHANGE' ? p.targetTier : null,
    target_billing_interval: p.purpose === 'TIER_CHANGE' ? p.targetBillingInterval : null,
    rejection_reason_code: p.status === 'REJECTED' ? p.rejectionReasonCode : null,
    reported_at: iso(p.reportedAt),
    verified_at: iso(p.verifiedAt),
    refunded_at: iso(p.refundedAt),
    created_at: p.createdAt.toISOString(),
  };
}

export function toSubscriptionView(s: SubscriptionRow, payments: PaymentRow[]) {
  return {
    id: s.id,
    tenant_id: s.tenantId,
    tier: s.tier,
    billing_interval: s.billingInterval,
    status: s.status,
    // "scheduled next tier, or absent" (docs/spec-map.md): the key is left out when nothing is scheduled
    ...(s.pendingTier ? { pending_tier: s.pendingTier } : {}),
    ...(s.pendingBillingInterval ? { pending_billing_interval: s.pendingBillingInterval } : {}),
    end_reason: s.endReason,
    initial_invoice_document_id: s.initialInvoiceDocumentId,
    current_period_start: iso(s.currentPeriodStart),
    current_period_end: iso(s.currentPeriodEnd),
    created_at: s.createdAt.toISOString(),
    canceled_at: iso(s.canceledAt),
    payments: payments.filter((p) => p.subscriptionId === s.id).map(toPaymentView),
  };
}

export function toProofView(p: Omit<ProofRow, 'content'>) {
  return {
    id: p.id,
    payment_id: p.paymentId,
    filename: p.filename,
    content_type: p.contentType,
    size_bytes: p.sizeBytes,
    sha256: p.sha256,
    uploaded_at: p.uploadedAt.toISOString(),
  };
}

/** Where to transfer (docs/spec-map.md: bankTransfer), from configuration. */
export function bankTransferOf(config: Pick<Config, 'bankTransfer'>) {
  const b = config.bankTransfer;
  return {
    bankName: b.bankName,
    accountType: b.accountType,
    accountNumber: b.accountNumber,
    accountHolder: b.accountHolder,
    identification: b.identification,
  };
}
