-- ATS report files expire like exports (docs/ats.md, "Storage and expiry"): the daily exports:prune
-- job deletes the zip and XML of a DONE report past expires_at and marks it EXPIRED; the row, its
-- summary and problems stay readable.
alter table ats_reports add column expires_at timestamptz;
alter table ats_reports drop constraint ats_reports_status_check;
alter table ats_reports add constraint ats_reports_status_check
  check (status in ('QUEUED', 'RUNNING', 'DONE', 'REFUSED', 'FAILED', 'EXPIRED'));
create index ats_reports_done_idx on ats_reports (expires_at) where status = 'DONE';
