-- The newest email of a document (delivery.hooks.ts, isLatest): looked up by kind and
-- ref->>'documentId' each time an email is sent or fails. Without this index it scanned
-- outbox_emails (311 ms at 300k emails, issue 16); with it, one index probe.
create index outbox_emails_document_latest
  on outbox_emails ((ref ->> 'documentId'), created_at desc, id desc)
  where kind = 'document';
