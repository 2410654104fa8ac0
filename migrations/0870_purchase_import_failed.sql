-- A TXT import whose job ran out of attempts is FAILED (the job's onExhausted closes it), its rows
-- still PENDING then FAILED with IMPORT_FAILED, so a client polling it sees an end.
alter table purchase_imports drop constraint purchase_imports_status_check;
alter table purchase_imports add constraint purchase_imports_status_check
  check (status in ('RUNNING', 'DONE', 'FAILED'));
