-- Crash recovery (docs/hardening.md, "Crash recovery"): every graphile-worker worker of a live
-- process records a heartbeat here; a sweep in any live process unlocks, through graphile-worker's
-- public force_unlock_workers, the jobs of workers that stopped beating (a process killed with
-- kill -9 leaves its jobs locked, and graphile-worker itself frees them only after 4 hours).
create table worker_heartbeats (
  worker_id text primary key,
  -- host and pid of the process the worker runs in, for operators
  process text not null,
  started_at timestamptz not null default now(),
  last_seen timestamptz not null default now()
);

create index worker_heartbeats_last_seen on worker_heartbeats (last_seen);
