-- The API limit hands each process a few requests at a time (src/rate-limit/api-store.ts,
-- docs/hardening.md "Rate limits"): the upsert adds the grant to hits and returns it here, so the
-- process knows the range of counts it may hand out without another statement.
alter table api_rate_limits add column grant_size integer not null default 1;
