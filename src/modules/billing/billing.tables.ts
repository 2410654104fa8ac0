/** Mirrors migrations/0500_billing.sql and 0501_tier_price_changes.sql (the SQL is the source of truth). */
import { integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/tables.js';
import type {
  BillingInterval,
  ChangeKind,
  EndReason,
  PaymentPurpose,
  PaymentStatus,
  RejectionReason,
  SubscriptionStatus,
} from './billing.constants.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  tier: text('tier').notNull(),
  billingInterval: text('billing_interval').$type<BillingInterval>().notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  endReason: text('end_reason').$type<EndReason>(),
  pendingTier: text('pending_tier'),
  pendingBillingInterval: text('pending_billing_interval').$type<BillingInterval>(),
  pendingEffectiveAt: ts('pending_effective_at'),
  initialInvoiceDocumentId: uuid('initial_invoice_document_id'),
  currentPeriodStart: ts('current_period_start'),
  currentPeriodEnd: ts('current_period_end'),
  renewalNoticeFor: ts('renewal_notice_for'),
  pastDueWarnedFor: ts('past_due_warned_for'),
  activatedAt: ts('activated_at'),
  createdAt: ts('created_at').notNull(),
  canceledAt: ts('canceled_at'),
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  subscriptionId: uuid('subscription_id').notNull(),
  status: text('status').$type<PaymentStatus>().notNull(),
  purpose: text('purpose').$type<PaymentPurpose>().notNull(),
  planTier: text('plan_tier').notNull(),
  planBillingInterval: text('plan_billing_interval').$type<BillingInterval>().notNull(),
  changeKind: text('change_kind').$type<ChangeKind>(),
  fromTier: text('from_tier'),
  fromBillingInterval: text('from_billing_interval').$type<BillingInterval>(),
  targetTier: text('target_tier'),
  targetBillingInterval: text('target_billing_interval').$type<BillingInterval>(),
  periodStart: ts('period_start'),
  periodEnd: ts('period_end'),
  amount: numeric('amount').notNull(),
  ivaRate: numeric('iva_rate').notNull(),
  ivaAmount: numeric('iva_amount').notNull(),
  totalAmount: numeric('total_amount').notNull(),
  method: text('method').$type<'SPI_TRANSFER'>().notNull(),
  rejectionReasonCode: text('rejection_reason_code').$type<RejectionReason>(),
  rejectionNote: text('rejection_note'),
  previousTier: text('previous_tier'),
  invoiceDocumentId: uuid('invoice_document_id'),
  invoiceLinkedAt: ts('invoice_linked_at'),
  createdAt: ts('created_at').notNull(),
  reportedAt: ts('reported_at'),
  verifiedAt: ts('verified_at'),
  rejectedAt: ts('rejected_at'),
  refundedAt: ts('refunded_at'),
});
export type PaymentRow = typeof payments.$inferSelect;

export const paymentProofs = pgTable('payment_proofs', {
  id: uuid('id').primaryKey(),
  paymentId: uuid('payment_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
  uploadedAt: ts('uploaded_at').notNull(),
});
export type ProofRow = typeof paymentProofs.$inferSelect;

export const tierPriceChanges = pgTable('tier_price_changes', {
  id: uuid('id').primaryKey(),
  tier: text('tier').notNull(),
  billingInterval: text('billing_interval').$type<BillingInterval>().notNull(),
  previousPrice: numeric('previous_price').notNull(),
  newPrice: numeric('new_price').notNull(),
  effectiveAt: ts('effective_at').notNull(),
  announcedAt: ts('announced_at').notNull(),
  appliedAt: ts('applied_at'),
});
export type PriceChangeRow = typeof tierPriceChanges.$inferSelect;

export const priceChangeNotices = pgTable(
  'price_change_notices',
  {
    priceChangeId: uuid('price_change_id').notNull(),
    tenantId: uuid('tenant_id').notNull(),
    notifiedAt: ts('notified_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceChangeId, t.tenantId] })],
);
