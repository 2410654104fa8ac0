-- ZIP exports of a date range's XML or RIDE files (issue 17), built by a background job. The file
-- itself is written under DATA_DIR/exports/<id>.zip; the row is its progress and its receipt.
create table document_exports (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  issuer_id uuid not null references issuers (id),
  environment text not null check (environment in ('sandbox', 'production')),
  kind text not null check (kind in ('xml', 'ride')),
  from_date date not null,
  to_date date not null,
  status text not null check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  total integer not null default 0,
  done integer not null default 0,
  size_bytes bigint,
  error text,
  created_at timestamptz not null,
  started_at timestamptz,
  finished_at timestamptz
);
create index document_exports_tenant_idx on document_exports (tenant_id, created_at desc);
