-- The API request log (issue 18): one row per request authenticated by an API key, kept 7 days
-- (a daily job deletes older rows in batches: docs/request-log.md). Never bodies, headers or
-- secrets: the path without its query string (the route pattern where a path holds a token).
-- No foreign keys: rows are written in batches off the request path, keys are only ever revoked
-- (never deleted), and a check per row would slow the flush for nothing.
create table api_request_log (
  id bigint generated always as identity primary key,
  key_id uuid not null,
  tenant_id uuid not null,
  environment text not null check (environment in ('sandbox', 'production')),
  method text not null,
  path text not null,
  status smallint not null,
  code text,
  request_id text not null,
  duration_ms integer not null,
  created_at timestamptz not null
);
-- A key's log, newest first (the id is the insertion order, and the cursor).
create index api_request_log_key_idx on api_request_log (key_id, id desc);
-- Pruning by age: rows arrive in time order, so a BRIN index stays tiny and finds old blocks.
create index api_request_log_created_brin on api_request_log using brin (created_at);
