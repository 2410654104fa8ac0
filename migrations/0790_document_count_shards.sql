-- Issue 16: the counter rows of a busy issuer were the hottest rows of the database. Every
-- authorization moves a document from SIGNED to AUTHORIZED, so every authorization transaction
-- updated the same two rows of document_counts and of document_day_counts (today) and held them
-- until its commit: authorizations of one issuer ran one at a time (measured in the e2e bench:
-- up to 11 backends waiting on `update documents`, blocked by the transaction before them).
-- Each counter of these two tables is now kept in up to 8 rows (shards), one per connection
-- (backend pid modulo 8): concurrent transactions on different connections add to different rows,
-- and readers sum the shards as they already summed groups. The totals are unchanged.
alter table document_counts add column shard smallint not null default 0;
alter table document_counts drop constraint document_counts_pkey;
alter table document_counts add primary key (tenant_id, issuer_id, environment, document_type, status, shard);
alter table document_day_counts add column shard smallint not null default 0;
alter table document_day_counts drop constraint document_day_counts_pkey;
alter table document_day_counts
  add primary key (tenant_id, issuer_id, environment, issue_date, document_type, status, shard);

create or replace function document_counts_add() returns trigger language plpgsql as $$
declare
  -- This connection's shard: concurrent writers on other connections add to other rows.
  s smallint := (pg_backend_pid() % 8)::smallint;
begin
  if tg_op = 'INSERT' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, 1 as k from new_rows
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
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, -1 as k from old_rows
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
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  else
    with x as (
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, -1 as k from old_rows
      union all
      select tenant_id, issuer_id, environment, issue_date, document_type, status, buyer_name, 1 from new_rows
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
    )
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, sum(k) from x
    group by 1, 2, 3, 4, 5, 6 having sum(k) <> 0 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

