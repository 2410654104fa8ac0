-- Subscriptions, their payments and proofs of transfer (interface.md: Subscription, Payment;
-- decisions.md: Billing beyond the spec). Amounts are USD with 2 decimals; IVA is stored per payment.

create table subscriptions (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  tier text not null references tiers (code),
  billing_interval text not null check (billing_interval in ('MONTHLY', 'YEARLY')),
  status text not null check (status in ('PENDING_PAYMENT', 'ACTIVE', 'CANCELLED')),
  -- why a CANCELLED subscription ended: scheduled cancellation, grace period passed, initial payment refunded
  end_reason text check (end_reason in ('CANCELLED', 'EXPIRED', 'REFUNDED')),
  -- the scheduled change (FREE = cancellation) and the instant it applies
  pending_tier text references tiers (code),
  pending_billing_interval text check (pending_billing_interval in ('MONTHLY', 'YEARLY')),
  pending_effective_at timestamptz,
  initial_invoice_document_id uuid,
  -- paid time: [start, end); `end` moves forward when a renewal is verified
  current_period_start timestamptz,
  current_period_end timestamptz,
  -- the period end whose renewal reminder / past-due warning went out (keeps the daily job idempotent)
  renewal_notice_for timestamptz,
  past_due_warned_for timestamptz,
  activated_at timestamptz,
  created_at timestamptz not null,
  canceled_at timestamptz
);
-- One subscription in flight per tenant (SUBSCRIPTION_ALREADY_IN_FLIGHT), even under concurrent requests.
create unique index subscriptions_one_open_idx on subscriptions (tenant_id) where status in ('PENDING_PAYMENT', 'ACTIVE');
create index subscriptions_tenant_idx on subscriptions (tenant_id, created_at);
create index subscriptions_active_end_idx on subscriptions (current_period_end) where status = 'ACTIVE';

create table payments (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  subscription_id uuid not null references subscriptions (id),
  status text not null check (status in ('PENDING', 'REPORTED', 'VERIFIED', 'REJECTED', 'REFUNDED')),
  purpose text not null check (purpose in ('INITIAL', 'TIER_CHANGE', 'RENEWAL')),
  -- what the payment buys: the tier and interval in force once it is applied
  plan_tier text not null references tiers (code),
  plan_billing_interval text not null check (plan_billing_interval in ('MONTHLY', 'YEARLY')),
  -- TIER_CHANGE only: UPGRADE (prorated, applies at verification), INTERVAL (full price, applies at
  -- period end), IMMEDIATE (sandbox: full price, applies at verification with a fresh period)
  change_kind text check (change_kind in ('UPGRADE', 'INTERVAL', 'IMMEDIATE')),
  from_tier text,
  from_billing_interval text,
  target_tier text,
  target_billing_interval text,
  -- RENEWAL only: the period it pays for
  period_start timestamptz,
  period_end timestamptz,
  amount numeric(12, 2) not null,
  iva_rate numeric(6, 4) not null,
  iva_amount numeric(12, 2) not null,
  total_amount numeric(12, 2) not null,
  method text not null default 'SPI_TRANSFER' check (method in ('SPI_TRANSFER')),
  rejection_reason_code text check (rejection_reason_code in ('AMOUNT_MISMATCH', 'TRANSFER_NOT_FOUND', 'WRONG_ACCOUNT', 'ILLEGIBLE_PROOF', 'DUPLICATE_SUBMISSION', 'OTHER')),
  rejection_note text,
  -- the tenant's tier just before verification: what a refund restores
  previous_tier text,
  -- the provider's own invoice for this payment (self-billing) and when its authorization linked it
  invoice_document_id uuid,
  invoice_linked_at timestamptz,
  created_at timestamptz not null,
  reported_at timestamptz,
  verified_at timestamptz,
  rejected_at timestamptz,
  refunded_at timestamptz
);
create index payments_subscription_idx on payments (subscription_id, created_at);
create index payments_status_idx on payments (status, created_at);
create unique index payments_one_renewal_idx on payments (subscription_id, period_start) where purpose = 'RENEWAL';
create unique index payments_invoice_idx on payments (invoice_document_id) where invoice_document_id is not null;

create table payment_proofs (
  id uuid primary key,
  payment_id uuid not null references payments (id),
  tenant_id uuid not null references tenants (id),
  filename text not null,
  -- detected from the file's first bytes, not taken from the client
  content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer not null,
  sha256 text not null,
  content bytea not null,
  uploaded_at timestamptz not null
);
create index payment_proofs_payment_idx on payment_proofs (payment_id, uploaded_at);
