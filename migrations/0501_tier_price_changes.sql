-- Announced price changes (decisions.md: tiers are data the operator edits). `tiers` keeps the
-- price in force; an announcement overrides it from `effective_at` on, and the daily job copies it
-- into `tiers` once it is due (applied_at). Renewals due before effective_at keep the old price.
create table tier_price_changes (
  id uuid primary key,
  tier text not null references tiers (code),
  billing_interval text not null check (billing_interval in ('MONTHLY', 'YEARLY')),
  previous_price numeric(12, 2) not null,
  new_price numeric(12, 2) not null check (new_price > 0),
  effective_at timestamptz not null,
  announced_at timestamptz not null,
  applied_at timestamptz
);
-- One announcement waiting per plan and interval.
create unique index tier_price_changes_pending_idx on tier_price_changes (tier, billing_interval) where applied_at is null;

-- Who was told about which announcement (PRICE_CHANGE_ANNOUNCED goes out once per tenant).
create table price_change_notices (
  price_change_id uuid not null references tier_price_changes (id),
  tenant_id uuid not null references tenants (id),
  notified_at timestamptz not null,
  primary key (price_change_id, tenant_id)
);
