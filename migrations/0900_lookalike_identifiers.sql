-- Look-alike identifiers are one identifier (issue 30 point 6; docs/customers-products.md).
-- The service writes every identification and product code through src/shared/identifiers.ts;
-- this migration brings the rows saved before it to the same form, once. The two expressions
-- below are that file's normalizeIdentification and codeKey for the saved rows (NFKC, invisible
-- format and control characters removed; identification: no spaces, upper case; code key: no
-- spaces, lower case).
--
-- Rows that become the same identifier: the oldest (created first) stays, with any email, phone
-- or address it lacks taken from the newest look-alike that has one; the others are moved, whole,
-- into lookalike_duplicates (never lost: an operator can read them back).
create function pg_temp.invisible_free(t text) returns text language sql immutable as $$
  select regexp_replace(
    normalize(t, NFKC),
    '[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]',
    '', 'g')
$$;

create table lookalike_duplicates (
  id uuid primary key,
  tenant_id uuid not null,
  kind text not null check (kind in ('customer', 'product')),
  kept_id uuid not null,
  row jsonb not null,
  removed_at timestamptz not null default now()
);

-- Customers: (tenant, id type, normalized identification).
create temp table customer_keys on commit drop as
select id, tenant_id, created_at,
       first_value(id) over w as kept_id,
       row_number() over w as n
from (
  select c.*, upper(regexp_replace(pg_temp.invisible_free(identification), '\s', '', 'g')) as norm
  from customers c
) c
window w as (partition by tenant_id, id_type, norm order by created_at, id);

update customers k set
  email = coalesce(k.email, (select d.email from customers d join customer_keys x on x.id = d.id
                             where x.kept_id = k.id and d.email is not null order by d.created_at desc limit 1)),
  phone = coalesce(k.phone, (select d.phone from customers d join customer_keys x on x.id = d.id
                             where x.kept_id = k.id and d.phone is not null order by d.created_at desc limit 1)),
  address = coalesce(k.address, (select d.address from customers d join customer_keys x on x.id = d.id
                                 where x.kept_id = k.id and d.address is not null order by d.created_at desc limit 1))
where k.id in (select kept_id from customer_keys where n > 1);

insert into lookalike_duplicates (id, tenant_id, kind, kept_id, row)
select c.id, c.tenant_id, 'customer', x.kept_id, to_jsonb(c)
from customers c join customer_keys x on x.id = c.id where x.n > 1;
delete from customers where id in (select id from customer_keys where n > 1);

update customers
set identification = upper(regexp_replace(pg_temp.invisible_free(identification), '\s', '', 'g'))
where identification <> upper(regexp_replace(pg_temp.invisible_free(identification), '\s', '', 'g'));

-- Products: codes saved as normalizeCode; unique by main_code_key (codeKey), not the code itself.
alter table products drop constraint products_tenant_id_main_code_key;
update products set
  main_code = btrim(regexp_replace(pg_temp.invisible_free(main_code), '\s+', ' ', 'g')),
  auxiliary_code = nullif(btrim(regexp_replace(pg_temp.invisible_free(auxiliary_code), '\s+', ' ', 'g')), '');
alter table products add column main_code_key text;
update products set main_code_key = lower(regexp_replace(main_code, '\s', '', 'g'));

create temp table product_keys on commit drop as
select id, first_value(id) over w as kept_id, row_number() over w as n
from products
window w as (partition by tenant_id, main_code_key order by created_at, id);

insert into lookalike_duplicates (id, tenant_id, kind, kept_id, row)
select p.id, p.tenant_id, 'product', x.kept_id, to_jsonb(p)
from products p join product_keys x on x.id = p.id where x.n > 1;
delete from products where id in (select id from product_keys where n > 1);

alter table products alter column main_code_key set not null;
alter table products add constraint products_tenant_main_code_key unique (tenant_id, main_code_key);
