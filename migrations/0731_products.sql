-- Saved products and services of a tenant (issue 18): picked by the document forms, imported
-- from CSV. Per tenant, shared by both environments. unit_price keeps the decimals given (at most
-- 6, the schema's precioUnitario); taxes are [{code, rateCode}] checked against the catalog.
create table products (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  main_code text not null,
  auxiliary_code text,
  description text not null,
  search_text text not null,
  unit_price text not null check (unit_price ~ '^[0-9]{1,12}(\.[0-9]{1,6})?$'),
  taxes jsonb not null,
  additional_details jsonb not null default '[]',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, main_code)
);
create index products_tenant_description_idx on products (tenant_id, search_text, id);
create index products_tenant_main_code_idx on products (tenant_id, lower(main_code) text_pattern_ops);
