-- Webhook endpoints, the deliveries made to them and every HTTP attempt of a delivery
-- (interface.md: Webhook endpoint, Webhook deliveries).
create table webhook_endpoints (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  url text not null,
  -- empty = every type
  event_types text[] not null default '{}',
  -- the signing secret sealed with AES-256-GCM under MASTER_KEY; never stored in clear
  secret_sealed bytea not null,
  active boolean not null default true,
  -- the web app's own endpoint: never listed, never counted against the plan
  internal boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deactivated_at timestamptz
);
create index webhook_endpoints_tenant_idx on webhook_endpoints (tenant_id) where active;

create table webhook_deliveries (
  -- the deliveryId of the payload (UUID v7), the same across retries
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  endpoint_id uuid not null references webhook_endpoints (id),
  -- null for test events
  notification_id uuid references notifications (id),
  event text not null,
  -- the exact JSON body, fixed at creation: every attempt sends these bytes
  payload text not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  -- attempts made so far, all rounds together
  attempt_count integer not null default 0,
  -- attempt_count when the current round of three began (a manual retry starts a new round)
  round_start integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  delivered_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc);
create index webhook_deliveries_notification_idx on webhook_deliveries (notification_id);

create table webhook_attempts (
  delivery_id uuid not null references webhook_deliveries (id),
  -- 1, 2, 3 in the first round; a manual retry continues with 4, 5, 6
  number integer not null check (number >= 1),
  started_at timestamptz not null,
  duration_ms integer not null,
  -- null when no HTTP answer came back (refused address, DNS, TLS, time-out)
  status_code integer,
  error text,
  success boolean not null,
  primary key (delivery_id, number)
);
