-- Plans as data (decisions.md, Tiers); the operator may edit prices, the code reads limits from here.
create table tiers (
  code text primary key check (code in ('FREE', 'STARTER', 'GROWTH', 'BUSINESS')),
  rank integer not null unique,
  monthly_price numeric(12, 2) not null,
  yearly_price numeric(12, 2) not null,
  document_quota integer not null,
  max_api_keys integer not null,
  max_webhook_endpoints integer not null
);

insert into tiers (code, rank, monthly_price, yearly_price, document_quota, max_api_keys, max_webhook_endpoints) values
  ('FREE', 0, 0, 0, 30, 0, 1),
  ('STARTER', 1, 9.90, 99.00, 300, 2, 2),
  ('GROWTH', 2, 29.90, 299.00, 1500, 5, 5),
  ('BUSINESS', 3, 79.90, 799.00, 10000, 20, 10);
