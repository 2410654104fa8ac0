-- Notifications (interface.md: Notification resource, Notification types) and the tenant's
-- per-type, per-channel preferences. Ids are UUID v7, so `id` order is creation order and
-- `sinceId` is a plain `id > $1`.
create table notifications (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  -- null for tenant-level notifications
  issuer_id uuid references issuers (id),
  type text not null check (type in (
    'DOCUMENT_AUTHORIZED', 'CERT_EXPIRING', 'CERT_EXPIRED', 'PAYMENT_VERIFIED', 'PAYMENT_REJECTED',
    'SUBSCRIPTION_RENEWAL_DUE', 'SUBSCRIPTION_PAST_DUE_WARNING', 'SUBSCRIPTION_EXPIRED',
    'PRICE_CHANGE_ANNOUNCED', 'SRI_SUBMISSION_FAILED', 'EMAIL_DELIVERY_FAILED', 'QUOTA_WARNING')),
  severity text not null check (severity in ('INFO', 'WARNING', 'ERROR')),
  title text not null,
  message text not null,
  metadata jsonb,
  read_at timestamptz,
  expires_at timestamptz,
  -- "the same alert": a producer call with this key updates the unread row in place
  dedupe_key text,
  -- "at most once ever" (e.g. a quota threshold of one billing period), read or not
  once_key text,
  -- DOCUMENT_AUTHORIZED: authorizations of one issuer join the unread row whose window is open
  aggregation_key text,
  window_ends_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- The list: a tenant's notifications newest first (id is time-ordered).
create index notifications_list_idx on notifications (tenant_id, id desc);
create index notifications_unread_idx on notifications (tenant_id) where read_at is null;
-- Safety nets behind the advisory locks the producers take.
create unique index notifications_dedupe_idx on notifications (tenant_id, dedupe_key)
  where dedupe_key is not null and read_at is null;
create unique index notifications_once_idx on notifications (tenant_id, once_key) where once_key is not null;
create index notifications_aggregation_idx on notifications (tenant_id, aggregation_key, window_ends_at)
  where aggregation_key is not null and read_at is null;

-- Only configured pairs are stored; a missing pair means enabled.
create table notification_preferences (
  tenant_id uuid not null references tenants (id),
  type text not null,
  channel text not null check (channel in ('IN_APP', 'EMAIL')),
  enabled boolean not null,
  updated_at timestamptz not null,
  primary key (tenant_id, type, channel)
);
