-- Issue 30: ZIP exports expire (their file deleted by the daily exports:prune job, the row kept as
-- EXPIRED), and a tenant has at most a few exports in flight (counted on this index).
alter table document_exports drop constraint document_exports_status_check;
alter table document_exports add constraint document_exports_status_check
  check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'));
create index document_exports_in_flight_idx on document_exports (tenant_id)
  where status in ('QUEUED', 'RUNNING');
create index document_exports_done_idx on document_exports (finished_at)
  where status in ('DONE', 'FAILED');
