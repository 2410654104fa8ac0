-- The list counters as insert-only deltas (issue 32, docs/cost-per-document.md). Until now every
-- create ran six upserts (one per counter table, with their index maintenance) and every status
-- change four, each on a row that every other document of the issuer, day and status also
-- updated: concurrent authorizations queued on that row's lock until the holder committed.
-- Now a create or a status change inserts its change into document_count_deltas (one narrow row
-- per document and side, no index, no conflict), and `document_counts_fold()` (the job
-- documents:fold-counts, every minute) moves the deltas into the summary tables, grouped, in one
-- statement. The six names the list reads become views: the folded rows plus the deltas not yet
-- folded, so every count is exact at read time (a reader's statement sees a fold's delete and
-- its upserts together or not at all). The readers sum `n` per key already (the shards of 0790).

alter table document_counts rename to document_counts_folded;
alter table document_day_counts rename to document_day_counts_folded;
alter table document_created_counts rename to document_created_counts_folded;
alter table document_created_month_counts rename to document_created_month_counts_folded;
alter table document_buyer_counts rename to document_buyer_counts_folded;
alter table document_sequential_counts rename to document_sequential_counts_folded;

-- One row per document and side of a change (+1 the new key, -1 the old), every key of the six
-- tables in it. Deleted by the fold: it stays small, and a read scans it whole.
create table document_count_deltas (
  tenant_id uuid not null,
  issuer_id uuid not null,
  environment text not null,
  document_type text not null,
  status text not null,
  issue_date date not null,
  created_day date not null,
  buyer_name text not null,
  thousand bigint not null,
  n integer not null
);

create view document_counts as
  select tenant_id, issuer_id, environment, document_type, status, shard, n from document_counts_folded
  union all
  select tenant_id, issuer_id, environment, document_type, status, 0::smallint, n::bigint from document_count_deltas;

create view document_day_counts as
  select tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n from document_day_counts_folded
  union all
  select tenant_id, issuer_id, environment, issue_date, document_type, status, 0::smallint, n::bigint from document_count_deltas;

create view document_created_counts as
  select tenant_id, issuer_id, environment, created_day, document_type, status, shard, n from document_created_counts_folded
  union all
  select tenant_id, issuer_id, environment, created_day, document_type, status, 0::smallint, n::bigint from document_count_deltas;

create view document_created_month_counts as
  select tenant_id, issuer_id, environment, created_month, document_type, status, shard, n from document_created_month_counts_folded
  union all
  select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, 0::smallint, n::bigint
  from document_count_deltas;

create view document_buyer_counts as
  select tenant_id, issuer_id, environment, buyer_name, n from document_buyer_counts_folded
  union all
  select tenant_id, issuer_id, environment, buyer_name, n::bigint from document_count_deltas;

create view document_sequential_counts as
  select tenant_id, issuer_id, environment, thousand, n from document_sequential_counts_folded
  union all
  select tenant_id, issuer_id, environment, thousand, n::bigint from document_count_deltas;

-- Inserts and deletes (statement triggers, as before): one delta row per document.
create or replace function document_counts_add() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into document_count_deltas
    select tenant_id, issuer_id, environment, document_type, status, issue_date,
      (created_at at time zone 'UTC')::date, buyer_name, sequential / 1000, 1
    from new_rows;
  elsif tg_op = 'DELETE' then
    insert into document_count_deltas
    select tenant_id, issuer_id, environment, document_type, status, issue_date,
      (created_at at time zone 'UTC')::date, buyer_name, sequential / 1000, -1
    from old_rows;
  end if;
  return null;
end $$;

-- A counted column moved (0800's row trigger and WHEN clause, unchanged): the old key out, the new in.
create or replace function document_counts_move() returns trigger language plpgsql as $$
begin
  insert into document_count_deltas values
    (old.tenant_id, old.issuer_id, old.environment, old.document_type, old.status, old.issue_date,
     (old.created_at at time zone 'UTC')::date, old.buyer_name, old.sequential / 1000, -1),
    (new.tenant_id, new.issuer_id, new.environment, new.document_type, new.status, new.issue_date,
     (new.created_at at time zone 'UTC')::date, new.buyer_name, new.sequential / 1000, 1);
  return null;
end $$;

-- The deltas this statement sees, moved into the summary tables grouped per key (net zero keys
-- skipped), in one statement: its delete and upserts commit together. One fold at a time (an
-- advisory lock; a second returns at once), so the summary rows have one writer and no lock
-- order to keep. Deltas committed after its snapshot stay for the next fold. Returns the number
-- of deltas folded.
create function document_counts_fold() returns bigint language plpgsql as $$
declare
  folded bigint;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('document_counts_fold', 0)) then
    return 0;
  end if;
  with d as (
    delete from document_count_deltas returning *
  ), totals as (
    insert into document_counts_folded as c (tenant_id, issuer_id, environment, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, document_type, status, 0, sum(n) from d
    group by 1, 2, 3, 4, 5 having sum(n) <> 0
    on conflict (tenant_id, issuer_id, environment, document_type, status, shard) do update set n = c.n + excluded.n
  ), days as (
    insert into document_day_counts_folded as c (tenant_id, issuer_id, environment, issue_date, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, issue_date, document_type, status, 0, sum(n) from d
    group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0
    on conflict (tenant_id, issuer_id, environment, issue_date, document_type, status, shard) do update set n = c.n + excluded.n
  ), created as (
    insert into document_created_counts_folded as c (tenant_id, issuer_id, environment, created_day, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, created_day, document_type, status, 0, sum(n) from d
    group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0
    on conflict (tenant_id, issuer_id, environment, created_day, document_type, status, shard) do update set n = c.n + excluded.n
  ), months as (
    insert into document_created_month_counts_folded as c (tenant_id, issuer_id, environment, created_month, document_type, status, shard, n)
    select tenant_id, issuer_id, environment, date_trunc('month', created_day)::date, document_type, status, 0, sum(n) from d
    group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0
    on conflict (tenant_id, issuer_id, environment, created_month, document_type, status, shard) do update set n = c.n + excluded.n
  ), buyers as (
    insert into document_buyer_counts_folded as c (tenant_id, issuer_id, environment, buyer_name, n)
    select tenant_id, issuer_id, environment, buyer_name, sum(n) from d
    group by 1, 2, 3, 4 having sum(n) <> 0
    on conflict (tenant_id, issuer_id, environment, buyer_name) do update set n = c.n + excluded.n
  ), thousands as (
    insert into document_sequential_counts_folded as c (tenant_id, issuer_id, environment, thousand, n)
    select tenant_id, issuer_id, environment, thousand, sum(n) from d
    group by 1, 2, 3, 4 having sum(n) <> 0
    on conflict (tenant_id, issuer_id, environment, thousand) do update set n = c.n + excluded.n
  )
  select count(*) into folded from d;
  return folded;
end $$;

-- A TRUNCATE of documents (0711's trigger) clears every summary table and the deltas (the names
-- it deleted from are views now; 0750's tables were left out before).
create or replace function document_counts_clear() returns trigger language plpgsql as $$
begin
  delete from document_count_deltas;
  delete from document_counts_folded;
  delete from document_day_counts_folded;
  delete from document_created_counts_folded;
  delete from document_created_month_counts_folded;
  delete from document_buyer_counts_folded;
  delete from document_sequential_counts_folded;
  return null;
end $$;

-- What the triggers counted before this migration stays in the summary tables; nothing to move.
