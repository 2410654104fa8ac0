-- Issue 16: the list counters' UPDATE trigger ran for every update of a document, counted column
-- moved or not. Statement-level with transition tables, it built six upserts over old_rows and
-- new_rows each time: 4-5 ms of the database per call on the 2-core machine (pg_stat_statements,
-- e2e bench at 30 documents/s), twice per document in the worker (AUTHORIZED, then the email
-- status, which moves no counter at all).
-- Every update of `documents` is of one row by id (src/modules/documents: document-writes.ts,
-- documents.extras.repository.ts, document-sql.ts), so the UPDATE trigger becomes a row trigger
-- whose WHEN clause, checked by the server before any function call, lets through only the
-- updates that move a counted column. For those, each counter table whose key moved gets one
-- upsert of two rows (-1 on the old key, +1 on the new, in key order as before, on this
-- connection's shard as in 0790). INSERT and DELETE keep 0790's statement trigger: a batch of
-- creates still adds its counts in one upsert per table.
-- Both functions lock the counter tables in one explicit order (day, totals, created, months,
-- buyers, thousands), one statement each: with 0790's single statement of data-modifying CTEs the
-- order was the executor's (the main query first, then the CTEs in reverse), and a create and an
-- authorization on one shard deadlocked when the row trigger took another order.
create function document_counts_move() returns trigger language plpgsql as $$
declare
  s smallint := (pg_backend_pid() % 8)::smallint;
  od date := (old.created_at at time zone 'UTC')::date;
  nd date := (new.created_at at time zone 'UTC')::date;
begin
  if (old.tenant_id, old.issuer_id, old.environment, old.issue_date, old.document_type, old.status)
     is distinct from (new.tenant_id, new.issuer_id, new.environment, new.issue_date, new.document_type, new.status) then
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select * from (values
      (old.tenant_id, old.issuer_id, old.environment, old.issue_date, old.document_type, old.status, s, -1::bigint),
      (new.tenant_id, new.issuer_id, new.environment, new.issue_date, new.document_type, new.status, s, 1::bigint)) v
    order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
  end if;
  if (old.tenant_id, old.issuer_id, old.environment, old.document_type, old.status)
     is distinct from (new.tenant_id, new.issuer_id, new.environment, new.document_type, new.status) then
    insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
    select * from (values
      (old.tenant_id, old.issuer_id, old.environment, old.document_type, old.status, s, -1::bigint),
      (new.tenant_id, new.issuer_id, new.environment, new.document_type, new.status, s, 1::bigint)) v
    order by 1, 2, 3, 4, 5
    on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n;
  end if;
  if (old.tenant_id, old.issuer_id, old.environment, od, old.document_type, old.status)
     is distinct from (new.tenant_id, new.issuer_id, new.environment, nd, new.document_type, new.status) then
    insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
    select * from (values
      (old.tenant_id, old.issuer_id, old.environment, od, old.document_type, old.status, s, -1::bigint),
      (new.tenant_id, new.issuer_id, new.environment, nd, new.document_type, new.status, s, 1::bigint)) v
    order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n;
  end if;
  if (old.tenant_id, old.issuer_id, old.environment, date_trunc('month', od), old.document_type, old.status)
     is distinct from (new.tenant_id, new.issuer_id, new.environment, date_trunc('month', nd), new.document_type, new.status) then
    insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
    select * from (values
      (old.tenant_id, old.issuer_id, old.environment, date_trunc('month', od)::date, old.document_type, old.status, s, -1::bigint),
      (new.tenant_id, new.issuer_id, new.environment, date_trunc('month', nd)::date, new.document_type, new.status, s, 1::bigint)) v
    order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n;
  end if;
  if (old.tenant_id, old.issuer_id, old.environment, old.buyer_name)
     is distinct from (new.tenant_id, new.issuer_id, new.environment, new.buyer_name) then
    insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
    select * from (values
      (old.tenant_id, old.issuer_id, old.environment, old.buyer_name, -1::bigint),
      (new.tenant_id, new.issuer_id, new.environment, new.buyer_name, 1::bigint)) v
    order by 1, 2, 3, 4
    on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n;
  end if;
  if (old.tenant_id, old.issuer_id, old.environment, old.sequential / 1000)
     is distinct from (new.tenant_id, new.issuer_id, new.environment, new.sequential / 1000) then
    insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
    select * from (values
      (old.tenant_id, old.issuer_id, old.environment, old.sequential / 1000, -1::bigint),
      (new.tenant_id, new.issuer_id, new.environment, new.sequential / 1000, 1::bigint)) v
    order by 1, 2, 3, 4
    on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

-- INSERT and DELETE (statement triggers): 0790's counts, one statement per table in that order.
create or replace function document_counts_add() returns trigger language plpgsql as $$
declare
  -- This connection's shard (0790).
  s smallint := (pg_backend_pid() % 8)::smallint;
begin
  if tg_op = 'INSERT' then
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, 1 * count(*) from new_rows
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, document_type, status, s, 1 * count(*) from new_rows
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, (created_at at time zone 'UTC')::date, document_type, status, s, 1 * count(*) from new_rows
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, date_trunc('month', (created_at at time zone 'UTC')::date)::date, document_type, status, s, 1 * count(*) from new_rows
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
    select tenant_id, issuer_id, environment, buyer_name, 1 * count(*) from new_rows
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n;
    insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
    select tenant_id, issuer_id, environment, sequential / 1000, 1 * count(*) from new_rows
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into document_day_counts as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, s, -1 * count(*) from old_rows
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_counts as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, document_type, status, s, -1 * count(*) from old_rows
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_created_counts as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, (created_at at time zone 'UTC')::date, document_type, status, s, -1 * count(*) from old_rows
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_created_month_counts as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, date_trunc('month', (created_at at time zone 'UTC')::date)::date, document_type, status, s, -1 * count(*) from old_rows
    group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
    on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n;
    insert into document_buyer_counts as c (tenant_id, issuer_id, environment, buyer_name, n)
    select tenant_id, issuer_id, environment, buyer_name, -1 * count(*) from old_rows
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n;
    insert into document_sequential_counts as c (tenant_id, issuer_id, environment, thousand, n)
    select tenant_id, issuer_id, environment, sequential / 1000, -1 * count(*) from old_rows
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n;
  end if;
  return null;
end $$;

drop trigger documents_count_updates on documents;
create trigger documents_count_updates after update on documents for each row
  when ((old.tenant_id, old.issuer_id, old.environment, old.document_type, old.status, old.issue_date,
         old.buyer_name, old.created_at, old.sequential)
        is distinct from
        (new.tenant_id, new.issuer_id, new.environment, new.document_type, new.status, new.issue_date,
         new.buyer_name, new.created_at, new.sequential))
  execute function document_counts_move();
