/** The billing vocabulary of docs/spec-map.md (Subscription, Payment) and decisions.md (Tiers). */
const PAID_TIERS = ['STARTER', 'GROWTH', 'BUSINESS'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

const BILLING_INTERVALS = ['MONTHLY', 'YEARLY'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export type SubscriptionStatus = 'PENDING_PAYMENT' | 'ACTIVE' | 'CANCELLED';
export type EndReason = 'CANCELLED' | 'EXPIRED' | 'REFUNDED';

export const PAYMENT_STATUSES = ['PENDING', 'REPORTED', 'VERIFIED', 'REJECTED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Not settled yet: the tenant may still pay or re-submit a proof. */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['PENDING', 'REPORTED', 'REJECTED'];

export type PaymentPurpose = 'INITIAL' | 'TIER_CHANGE' | 'RENEWAL';
export type ChangeKind = 'UPGRADE' | 'INTERVAL' | 'IMMEDIATE';

export const REJECTION_REASONS = [
  'AMOUNT_MISMATCH',
  'TRANSFER_NOT_FOUND',
  'WRONG_ACCOUNT',
  'ILLEGIBLE_PROOF',
  'DUPLICATE_SUBMISSION',
  'OTHER',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** decisions.md: IVA on every payment is 15%, shown with 4 decimals. */
export const IVA_RATE = '0.1500';

/** docs/spec-map.md, Limits: reminder 7 days before the period end, warning 5 days after, expiry 7 days after. */
export const RENEWAL_NOTICE_DAYS = 7;
export const PAST_DUE_WARNING_DAYS = 5;
export const GRACE_DAYS = 7;
/** docs/spec-map.md, Limits: price changes are announced at least 30 days ahead. */
export const PRICE_NOTICE_DAYS = 30;
export const DAY_MS = 86_400_000;

export function isPaidTier(value: string): value is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(value);
}

export function isBillingInterval(value: string): value is BillingInterval {
  return (BILLING_INTERVALS as readonly string[]).includes(value);
}
