-- The ATS (issue 28; docs/ats.md): one row per requested annex of a RUC and period, built by a
-- background job into DATA_DIR/ats/<id>.xml and <id>.zip; the row is its progress, summary and
-- problems. And the owner's sustento choices: per purchase, and per supplier as a default.
create table ats_reports (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'production')),
  -- The issuer the request named; the annex covers every issuer of its RUC.
  issuer_id uuid not null references issuers (id),
  ruc text not null,
  year integer not null,
  month integer check (month between 1 and 12),
  semester integer check (semester in (1, 2)),
  status text not null check (status in ('QUEUED', 'RUNNING', 'DONE', 'REFUSED', 'FAILED')),
  done integer not null default 0,
  total integer not null default 0,
  -- The contract's summary (docs/ats.md) once built; problems as [{severity, code, element,
  -- target, es, en}] rendered in the request's language.
  summary jsonb,
  problems jsonb not null default '[]',
  size_bytes bigint,
  error_code text,
  error_message text,
  created_at timestamptz not null,
  started_at timestamptz,
  finished_at timestamptz,
  check ((month is null) <> (semester is null))
);
create index ats_reports_tenant_idx on ats_reports (tenant_id, environment, issuer_id, created_at desc, id desc);
-- One annex in flight per RUC and period: a second POST answers the first (idempotent).
create unique index ats_reports_in_flight_idx
  on ats_reports (tenant_id, environment, ruc, year, coalesce(month, 0), coalesce(semester, 0))
  where status in ('QUEUED', 'RUNNING');

-- codSustento the owner chose for one purchase (REFERENCE-ATS Tabla 5).
create table purchase_ats_sustento (
  purchase_id uuid primary key references purchases (id) on delete cascade,
  tenant_id uuid not null references tenants (id),
  sustento text not null check (sustento ~ '^[0-9]{2}$'),
  updated_at timestamptz not null
);

-- The default codSustento for a supplier's purchases, when a purchase has none of its own.
create table supplier_ats_defaults (
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'production')),
  supplier_ruc text not null,
  sustento text not null check (sustento ~ '^[0-9]{2}$'),
  updated_at timestamptz not null,
  primary key (tenant_id, environment, supplier_ruc)
);
