-- A final consumer (07) may be invoiced without an email: such a document has no one to email,
-- and its email status says so (NONE) instead of waiting as PENDING for a send that never comes.
alter table documents drop constraint documents_email_status_check;
alter table documents add constraint documents_email_status_check
  check (email_status in ('PENDING', 'SENT', 'DELIVERED', 'FAILED', 'NONE'));
