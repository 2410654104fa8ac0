-- Tax documents (invoices 01, credit notes 04). A document is created SIGNED in the same
-- transaction that allocates its sequential; the lifecycle (0200-) moves it on.
create extension if not exists pg_trgm;

create table documents (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  issuer_id uuid not null references issuers (id),
  environment text not null check (environment in ('sandbox', 'production')),
  document_type text not null check (document_type in ('01', '03', '04', '05', '06', '07')),
  access_key text not null unique check (access_key ~ '^[0-9]{49}$'),
  sequential bigint not null check (sequential between 1 and 999999999),
  issue_date date not null,
  status text not null check (status in ('SIGNED', 'RECEIVED', 'RETURNED', 'AUTHORIZED', 'NOT_AUTHORIZED', 'VOIDED')),
  buyer_id_type text not null,
  buyer_id text not null,
  buyer_name text not null,
  buyer_email text not null,
  total numeric(14, 2) not null,
  -- the computed DocumentModel (src/modules/documents/document-model.ts) the XML was built from
  model jsonb not null,
  -- the request body as received, for idempotent replays and rebuilds
  request jsonb not null,
  idempotency_key text,
  request_hash text not null,
  signed_xml text not null,
  signed_at timestamptz not null,
  cert_fingerprint text not null,
  -- credit notes: the document they modify
  original_document_type text,
  original_number text,
  authorization_number text,
  authorization_date timestamptz,
  authorized_xml text,
  void_reason text,
  voided_at timestamptz,
  email_status text not null default 'PENDING' check (email_status in ('PENDING', 'SENT', 'DELIVERED', 'FAILED')),
  email_sent_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- No duplicate sequential per counter, whatever happens upstream.
create unique index documents_sequential_idx on documents (issuer_id, document_type, environment, sequential);
create unique index documents_idempotency_idx on documents (tenant_id, environment, idempotency_key) where idempotency_key is not null;
-- The list: per issuer and environment, newest first, with its filters and sorts.
create index documents_list_idx on documents (issuer_id, environment, created_at desc, id desc);
create index documents_issue_date_idx on documents (issuer_id, environment, issue_date);
create index documents_status_idx on documents (issuer_id, environment, status, created_at desc);
create index documents_buyer_name_trgm_idx on documents using gin (buyer_name gin_trgm_ops);
create index documents_sequential_trgm_idx on documents using gin ((lpad(sequential::text, 9, '0')) gin_trgm_ops);
create index documents_original_idx on documents (tenant_id, original_number) where original_number is not null;
-- Quota: production documents of a tenant in a period.
create index documents_tenant_period_idx on documents (tenant_id, environment, created_at);
