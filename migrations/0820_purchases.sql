-- Purchases (issue 27; docs/purchases.md): the documents a tenant receives (invoices, credit and
-- debit notes, liquidaciones where it is the provider, guías, retentions its clients withheld),
-- each confirmed with the tax authority by its access key. The access key is unique per tenant and
-- environment: adding the same key twice, by any of the three entries, is the same purchase.
create table purchases (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'production')),
  access_key text not null check (access_key ~ '^[0-9]{49}$'),
  document_type text not null check (document_type in ('01', '03', '04', '05', '06', '07')),
  -- KEY (POST by access key), TXT (portal report import), XML (a supplier's file).
  source text not null check (source in ('KEY', 'TXT', 'XML')),
  -- The tenant's issuer the document names (null when only the tenant's RUC matched) and the
  -- identification it was addressed to (the RUC, or the cédula inside a natural person's RUC).
  issuer_id uuid references issuers (id),
  receiver_id text not null,
  supplier_ruc text not null,
  supplier_name text not null,
  supplier_trade_name text,
  number text not null,
  issue_date date not null,
  authorization_number text not null,
  authorization_date timestamptz,
  total_without_taxes numeric(14, 2),
  iva numeric(14, 2),
  total numeric(14, 2),
  -- [{code, rateCode, rate, taxableBase, amount}]: IVA (2), ICE (3), IRBPNR (5) per rate.
  taxes jsonb not null default '[]',
  payments jsonb not null default '[]',
  -- 04/05: {documentType, number, issueDate} of the document it modifies.
  original_document jsonb,
  -- 07: [{code, withholdingCode, taxableBase, rate, amount, supportingDocument}].
  withholdings jsonb not null default '[]',
  -- The authorized XML as received (the `autorizacion` wrapper or the signed document).
  xml text not null,
  -- AUTORIZADO, PENDIENTE DE ANULAR, ANULADO (or another raw state ConsultaComprobante gave).
  sri_status text not null,
  sri_checked_at timestamptz,
  -- Status follow-up stops after this instant (the voiding window: day 7 of the next month).
  check_until timestamptz not null,
  voided_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, environment, access_key)
);
create index purchases_list_idx on purchases (tenant_id, environment, issue_date desc, id desc);
create index purchases_supplier_idx on purchases (tenant_id, environment, supplier_ruc);

-- A TXT report import (the portal's "Comprobantes recibidos"): one row per line of the file, each
-- processed once by the import job (status moves from PENDING to its outcome in the transaction
-- that stores its purchase), so a job that dies mid-file resumes at the first PENDING row.
create table purchase_imports (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'production')),
  status text not null check (status in ('RUNNING', 'DONE')),
  total_rows integer not null,
  -- Consecutive throttled or failed calls to the tax authority: the backoff of the next run.
  throttled integer not null default 0,
  created_at timestamptz not null,
  finished_at timestamptz
);
create index purchase_imports_tenant_idx on purchase_imports (tenant_id, created_at desc);

create table purchase_import_rows (
  import_id uuid not null references purchase_imports (id),
  line integer not null,
  access_key text not null,
  -- PENDING, then CREATED / EXISTING / UNKNOWN / NOT_ADDRESSED / MALFORMED / WRONG_ENVIRONMENT /
  -- NOT_AUTHORIZED / FAILED.
  status text not null,
  error_code text,
  error_detail text,
  purchase_id uuid references purchases (id),
  primary key (import_id, line)
);
create index purchase_import_rows_pending_idx on purchase_import_rows (import_id, line) where status = 'PENDING';

-- PURCHASE_VOIDED: a received document became ANULADO in the tax authority (notification + webhook).
alter table notifications drop constraint if exists notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'DOCUMENT_AUTHORIZED', 'CERT_EXPIRING', 'CERT_EXPIRED', 'PAYMENT_VERIFIED', 'PAYMENT_REJECTED',
  'SUBSCRIPTION_RENEWAL_DUE', 'SUBSCRIPTION_PAST_DUE_WARNING', 'SUBSCRIPTION_EXPIRED',
  'PRICE_CHANGE_ANNOUNCED', 'SRI_SUBMISSION_FAILED', 'EMAIL_DELIVERY_FAILED', 'QUOTA_WARNING',
  'PURCHASE_VOIDED'));
