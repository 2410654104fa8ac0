-- Deep pages without skipping (docs/scaling-lists.md): where page N of the default order starts
-- is found from counters per creation month and day (UTC), kept by the same statement-level
-- trigger as the other counters (0711), with type and status so that the status and documentType
-- filters and sortBy=status find theirs too: the month from the month rows (a few hundred rows
-- per scope), the day from that month's day rows. Then only the remainder inside one day is
-- skipped in the index.
create table document_created_counts (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  created_day date not null,
  document_type text not null,
  status text not null,
  n bigint not null,
  primary key (tenant_id, issuer_id, environment, created_day, document_type, status)
);

create table document_created_month_counts (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  created_month date not null,
  document_type text not null,
  status text not null,
  n bigint not null,
  primary key (tenant_id, issuer_id, environment, created_month, document_type, status)
);

-- sortBy=sequential: per thousand sequentials (sequential / 1000), all types together; a status
-- change leaves it alone.
create table document_sequential_counts (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  thousand bigint not null,
  n bigint not null,
  primary key (tenant_id, issuer_id, environment, thousand)
);

-- 0711's function with three more upserts (creation day, month, sequential thousand); the triggers call it by name.
create or replace function document_counts_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date as created_day, sequential / 1000 as thousand, 1 as k from new_rows
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
    ), created as (
      insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, n)
      select tenant_id, issuer_id, environment, created_day, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_day, document_type, status) do update set n = c.n + excluded.n
    ), months as (
      insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, n)
      select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_month, document_type, status) do update set n = c.n + excluded.n
    ), thousands as (
      insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
      select tenant_id, issuer_id, environment, thousand, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date as created_day, sequential / 1000 as thousand, -1 as k from old_rows
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
    ), created as (
      insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, n)
      select tenant_id, issuer_id, environment, created_day, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_day, document_type, status) do update set n = c.n + excluded.n
    ), months as (
      insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, n)
      select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_month, document_type, status) do update set n = c.n + excluded.n
    ), thousands as (
      insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
      select tenant_id, issuer_id, environment, thousand, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status) do update set n = c.n + excluded.n;
  else
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date as created_day, sequential / 1000 as thousand, -1 as k from old_rows
      union all
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date, sequential / 1000, 1 from new_rows
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
    ), created as (
      insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, n)
      select tenant_id, issuer_id, environment, created_day, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_day, document_type, status) do update set n = c.n + excluded.n
    ), months as (
      insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, n)
      select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_month, document_type, status) do update set n = c.n + excluded.n
    ), thousands as (
      insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
      select tenant_id, issuer_id, environment, thousand, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

-- The documents already there, counted while no one can change them.
lock table documents in share row exclusive mode;
insert into document_created_counts (tenant_id, issuer_id, environment, created_day, document_type, status, n)
  select tenant_id, issuer_id, environment, (created_at at time zone 'UTC')::date, document_type, status, count(*)
  from documents group by 1, 2, 3, 4, 5, 6;
insert into document_created_month_counts (tenant_id, issuer_id, environment, created_month, document_type, status, n)
  select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, sum(n)
  from document_created_counts group by 1, 2, 3, 4, 5, 6;
insert into document_sequential_counts (tenant_id, issuer_id, environment, thousand, n)
  select tenant_id, issuer_id, environment, sequential / 1000, count(*) from documents group by 1, 2, 3, 4;

create or replace function document_counts_clear() returns trigger language plpgsql as $$
begin
  delete from document_counts;
  delete from document_day_counts;
  delete from document_buyer_counts;
  delete from document_created_counts;
  delete from document_created_month_counts;
  delete from document_sequential_counts;
  return null;
end $$;

-- The list indexes carry the filter columns (INCLUDE): a filter tested while walking an order's
-- index (sortBy=buyerName&status=…, documentType in the default order, an issue-date range in
-- a sorted order) is read from the index, not from one heap page per entry. documentType, with
-- its counters to find deep pages, is then answered by the creation index: its own index goes
-- (one index fewer to write on every create).
drop index documents_list_created_idx;
create index documents_list_created_idx on documents (tenant_id, issuer_id, environment, created_at, id)
  include (status, document_type, issue_date);
drop index documents_list_sequential_idx;
create index documents_list_sequential_idx on documents (tenant_id, issuer_id, environment, sequential, created_at, id)
  include (status, document_type, issue_date);
drop index documents_list_buyer_name_idx;
create index documents_list_buyer_name_idx on documents (tenant_id, issuer_id, environment, buyer_name, created_at, id)
  include (status, document_type, issue_date);
drop index documents_list_status_idx;
create index documents_list_status_idx on documents (tenant_id, issuer_id, environment, status, created_at, id)
  include (document_type, issue_date);
drop index documents_list_type_idx;
