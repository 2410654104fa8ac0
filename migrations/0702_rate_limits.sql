-- Rate limits shared by every API process (docs/hardening.md, "Rate limits").
-- UNLOGGED: a counter is not worth its WAL; a database crash empties these tables, which only
-- forgives the requests of the last hour.

-- The API limit: one row per key (or client address), a fixed window that starts at the key's
-- first request, bumped by one upsert per request.
create unlogged table api_rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);

-- Small, tight limits (registration, sign-in, failed authentications): the time of every allowed
-- request in the window, so the window slides and a fixed clock hour cannot be straddled.
create unlogged table rate_limit_windows (
  bucket text not null,
  key text not null,
  hits timestamptz[] not null,
  primary key (bucket, key)
);

-- The fixed-window counters these replace.
drop table rate_limit_hits;
