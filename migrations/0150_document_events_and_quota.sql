-- What happened to a document, oldest first (GET /v1/documents/:accessKey/events).
create table document_events (
  id uuid primary key,
  document_id uuid not null references documents (id),
  tenant_id uuid not null references tenants (id),
  type text not null,
  detail jsonb,
  created_at timestamptz not null
);
create index document_events_document_idx on document_events (document_id, created_at, id);

-- Production documents per tenant and billing period: the quota counter (decisions.md, Tiers).
-- Incremented in the document's own transaction, so a refused document consumes nothing.
create table document_quota_usage (
  tenant_id uuid not null references tenants (id),
  period_key text not null,
  used integer not null default 0,
  primary key (tenant_id, period_key)
);
