-- Saved customers of a tenant (issue 18): picked by the document forms, imported from CSV.
-- Per tenant, shared by the sandbox and production environments (docs/customers-products.md).
-- search_name is the name in lower case without accents, written by the service, so that search
-- is accent-insensitive without the unaccent extension (not every managed PostgreSQL has it).
create table customers (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  id_type text not null check (id_type in ('04', '05', '06', '07', '08')),
  identification text not null,
  name text not null,
  search_name text not null,
  email text,
  phone text,
  address text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, id_type, identification)
);
create index customers_tenant_name_idx on customers (tenant_id, search_name, id);
create index customers_tenant_identification_idx on customers (tenant_id, identification text_pattern_ops);
