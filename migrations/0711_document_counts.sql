-- Exact list totals without counting the table (docs/scaling-lists.md). Counter tables, kept
-- by statement-level triggers on documents in the same transaction as the change: one row per
-- scope, type and status (the unfiltered list and its status/documentType filters), and one per
-- scope, issue date, type and status (the from/to filters, alone or with those two), one per scope
-- and buyer name (the buyerName filter alone). Each
-- statement adds its net change per group in one upsert (transition tables: a multi-row insert of
-- N documents is one update per group, an update that moves no status writes nothing), in key
-- order so that concurrent statements lock the counter rows in the same order.
create table document_counts (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  document_type text not null,
  status text not null,
  n bigint not null,
  primary key (tenant_id, issuer_id, environment, document_type, status)
);

create table document_day_counts (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  issue_date date not null,
  document_type text not null,
  status text not null,
  n bigint not null,
  primary key (tenant_id, issuer_id, environment, issue_date, document_type, status)
);

-- Per scope and buyer name (the counterpart): the buyerName filter's total is a sum over the
-- scope's distinct names that match, not a recheck of every matching document.
create table document_buyer_counts (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  buyer_name text not null,
  n bigint not null,
  primary key (tenant_id, issuer_id, environment, buyer_name)
);
create index document_buyer_counts_name_trgm_idx on document_buyer_counts using gin (buyer_name gin_trgm_ops);

-- The net change of one statement (old_rows -1, new_rows +1) per group, added to the three tables
-- in key order; groups whose net change is 0 (an update that moves no status) write nothing.
create function document_counts_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, 1 as k from new_rows
    ), totals as (
      insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, n)
      select tenant_id, issuer_id, environment, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5 having sum(k) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_id, issuer_id, environment, document_type, status) do update set n = c.n + excluded.n
    ), buyers as (
      insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
      select tenant_id, issuer_id, environment, buyer_name, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, -1 as k from old_rows
    ), totals as (
      insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, n)
      select tenant_id, issuer_id, environment, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5 having sum(k) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_id, issuer_id, environment, document_type, status) do update set n = c.n + excluded.n
    ), buyers as (
      insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
      select tenant_id, issuer_id, environment, buyer_name, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status) do update set n = c.n + excluded.n;
  else
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, -1 as k from old_rows
      union all
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, 1 from new_rows
    ), totals as (
      insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, n)
      select tenant_id, issuer_id, environment, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5 having sum(k) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_id, issuer_id, environment, document_type, status) do update set n = c.n + excluded.n
    ), buyers as (
      insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
      select tenant_id, issuer_id, environment, buyer_name, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

create trigger documents_count_inserts after insert on documents
  referencing new table as new_rows for each statement execute function document_counts_add();
create trigger documents_count_updates after update on documents
  referencing old table as old_rows new table as new_rows for each statement execute function document_counts_add();
create trigger documents_count_deletes after delete on documents
  referencing old table as old_rows for each statement execute function document_counts_add();

create function document_counts_clear() returns trigger language plpgsql as $$
begin
  delete from document_counts;
  delete from document_day_counts;
  delete from document_buyer_counts;
  return null;
end $$;
create trigger documents_count_truncates after truncate on documents
  for each statement execute function document_counts_clear();

-- The documents already there, counted while no one can change them.
lock table documents in share row exclusive mode;
insert into document_counts (tenant_id, issuer_id, environment, document_type, status, n)
  select tenant_id, issuer_id, environment, document_type, status, count(*) from documents group by 1, 2, 3, 4, 5;
insert into document_day_counts (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
  select tenant_id, issuer_id, environment, issue_date, document_type, status, count(*) from documents
  group by 1, 2, 3, 4, 5, 6;
insert into document_buyer_counts (tenant_id, issuer_id, environment, buyer_name, n)
  select tenant_id, issuer_id, environment, buyer_name, count(*) from documents group by 1, 2, 3, 4;
