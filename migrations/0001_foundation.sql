-- Foundation: tenants, issuers (with their encrypted certificates), API keys, usage, audit events,
-- email verification, the mail outbox and the shared registration rate limit.

create table tenants (
  id uuid primary key,
  email text not null,
  email_normalized text not null unique,
  ruc text not null unique,
  status text not null default 'PENDING_VERIFICATION'
    check (status in ('PENDING_VERIFICATION', 'ACTIVE', 'SUSPENDED', 'PAST_DUE')),
  suspension_reason_code text
    check (suspension_reason_code in ('PAYMENT_REVERSED', 'FRAUD_SUSPECTED', 'TERMS_VIOLATION', 'VOLUNTARY_CLOSURE', 'UNPAID_BALANCE', 'OTHER')),
  -- status to restore when a suspension is lifted
  status_before_suspension text,
  subscription_tier text not null default 'FREE',
  language text not null default 'es' check (language in ('es', 'en')),
  sandbox boolean not null default true,
  promoted_at timestamptz,
  email_verified_at timestamptz,
  verification_redirect_url text,
  extra_seats integer not null default 0,
  pending_extra_seats integer,
  created_at timestamptz not null default now()
);

create table issuers (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  ruc text not null,
  business_name text not null,
  trade_name text,
  main_address text,
  branch_code text not null check (branch_code ~ '^[0-9]{3}$'),
  issue_point_code text not null check (issue_point_code ~ '^[0-9]{3}$'),
  branch_address text,
  emission_type text not null default '1',
  required_accounting boolean not null default false,
  special_taxpayer text,
  -- agenteRetencion resolution number and contribuyenteRimpe legend, written to infoTributaria when set
  retention_agent_resolution text,
  rimpe_regime text,
  document_types text[] not null default '{01}',
  can_issue boolean not null default true,
  -- P12 and its password sealed with AES-256-GCM under MASTER_KEY; never stored in clear
  cert_p12 bytea,
  cert_password bytea,
  cert_fingerprint text,
  cert_expiry timestamptz,
  cert_serial text,
  cert_issuer_name text,
  cert_subject text,
  logo bytea,
  logo_mime text,
  active boolean not null default true,
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create index issuers_tenant_idx on issuers (tenant_id);
create unique index issuers_active_point_idx on issuers (tenant_id, branch_code, issue_point_code) where active;

-- One counter per (issuer, document type, environment); `current` is the last number handed out.
create table issuer_sequentials (
  issuer_id uuid not null references issuers (id),
  document_type text not null,
  environment text not null check (environment in ('sandbox', 'production')),
  current bigint not null default 0 check (current >= 0 and current <= 999999999),
  primary key (issuer_id, document_type, environment)
);

create table api_keys (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  label text,
  environment text not null check (environment in ('sandbox', 'production')),
  scopes text[] not null,
  -- web-app session keys: never listed, never counted
  internal boolean not null default false,
  -- the key created at registration (the plan's key maximum counts keys beyond it)
  is_primary boolean not null default false,
  token_hash text not null unique,
  token_prefix text not null,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz,
  request_count bigint not null default 0
);
create index api_keys_tenant_idx on api_keys (tenant_id) where revoked_at is null;

create table api_key_usage_daily (
  key_id uuid not null references api_keys (id),
  day date not null,
  request_count bigint not null default 0,
  primary key (key_id, day)
);

create table tenant_events (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  event_type text not null,
  detail jsonb,
  created_at timestamptz not null default now()
);
create index tenant_events_tenant_idx on tenant_events (tenant_id, created_at, id);

create table email_verification_tokens (
  token_hash text primary key,
  tenant_id uuid not null references tenants (id),
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_verification_tokens_tenant_idx on email_verification_tokens (tenant_id);

-- Every outgoing email goes through this table and a job that sends and retries it.
create table outbox_emails (
  id uuid primary key,
  tenant_id uuid references tenants (id),
  kind text not null,
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  -- [{filename, contentType, contentBase64} | {resolver, params}] resolved at send time
  attachments jsonb not null default '[]',
  -- what the email is about, e.g. {"documentId": "..."}, for status updates and events
  ref jsonb,
  status text not null default 'PENDING' check (status in ('PENDING', 'SENT', 'DELIVERED', 'FAILED')),
  attempts integer not null default 0,
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz
);
create index outbox_emails_tenant_idx on outbox_emails (tenant_id, created_at);

create table rate_limit_hits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, key, window_start)
);
