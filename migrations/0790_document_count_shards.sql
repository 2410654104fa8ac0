-- Issue 16: the counter rows of a busy issuer were the hottest rows of the database. Every
-- authorization moves a document from SIGNED to AUTHORIZED, so every authorization transaction
-- updated the same rows of the counters by status (document_counts, and today's rows of
-- document_day_counts, document_created_counts and this month's of document_created_month_counts)
-- and held them until its commit: authorizations of one issuer ran one at a time (the e2e bench
-- saw up to 11 backends waiting on `update documents`, each blocked by the transaction before it).
-- Each counter of these four tables is now kept in up to 8 rows (shards), one per connection
-- (backend pid modulo 8): concurrent transactions on different connections add to different rows,
-- and readers sum them as they already summed groups. The totals are unchanged. The buyer-name and
-- sequential-thousand counters do not move with a status and stay one row each.
alter table document_counts add column shard smallint not null default 0;
alter table document_counts drop constraint document_counts_pkey;
alter table document_counts add primary key (tenant_id, issuer_id, environment, document_type, status, shard);
alter table document_day_counts add column shard smallint not null default 0;
alter table document_day_counts drop constraint document_day_counts_pkey;
alter table document_day_counts add primary key (tenant_id, issuer_id, environment, issue_date, document_type, status, shard);
alter table document_created_counts add column shard smallint not null default 0;
alter table document_created_counts drop constraint document_created_counts_pkey;
alter table document_created_counts add primary key (tenant_id, issuer_id, environment, created_day, document_type, status, shard);
alter table document_created_month_counts add column shard smallint not null default 0;
alter table document_created_month_counts drop constraint document_created_month_counts_pkey;
alter table document_created_month_counts add primary key (tenant_id, issuer_id, environment, created_month, document_type, status, shard);

-- 0750's function, each upsert of the four tables above with its shard.
create or replace function document_counts_add() returns trigger language plpgsql as $$
declare
  -- This connection's shard: concurrent writers on other connections add to other rows.
  s smallint := (pg_backend_pid() % 8)::smallint;
begin
  if tg_op = 'INSERT' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date as created_day, sequential / 1000 as thousand, 1 as k from new_rows
    ), totals as (
      insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5 having sum(k) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n
    ), buyers as (
      insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
      select tenant_id, issuer_id, environment, buyer_name, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
    ), created as (
      insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, created_day, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n
    ), months as (
      insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n
    ), thousands as (
      insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
      select tenant_id, issuer_id, environment, thousand, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date as created_day, sequential / 1000 as thousand, -1 as k from old_rows
    ), totals as (
      insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5 having sum(k) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n
    ), buyers as (
      insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
      select tenant_id, issuer_id, environment, buyer_name, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
    ), created as (
      insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, created_day, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n
    ), months as (
      insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n
    ), thousands as (
      insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
      select tenant_id, issuer_id, environment, thousand, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  else
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date as created_day, sequential / 1000 as thousand, -1 as k from old_rows
      union all
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name,
        (created_at at time zone 'UTC')::date, sequential / 1000, 1 from new_rows
    ), totals as (
      insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5 having sum(k) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n
    ), buyers as (
      insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
      select tenant_id, issuer_id, environment, buyer_name, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
    ), created as (
      insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, created_day, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n
    ), months as (
      insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
      select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, s, sum(k) from x
      group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n
    ), thousands as (
      insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
      select tenant_id, issuer_id, environment, thousand, sum(k) from x
      group by 1, 2, 3, 4 having sum(k) <> 0 order by 1, 2, 3, 4
      on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;
