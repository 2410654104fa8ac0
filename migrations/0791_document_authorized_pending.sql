-- Issue 16: DOCUMENT_AUTHORIZED was aggregated inside each authorization's transaction, under a
-- per-tenant-and-issuer lock held until that transaction's commit: authorizations of one issuer
-- committed one at a time, and each one updated the notification and sent its webhooks alone.
-- The authorization now only appends its document here (a plain insert: nothing to wait for) and
-- queues the issuer's aggregation job (one pending job per tenant and issuer, by job key); the job
-- takes up to 50 waiting documents at a time into the open row in one update, one webhook each
-- (docs/notifications.md, "DOCUMENT_AUTHORIZED"). Rows leave this table in the transaction that
-- adds them to the notification.
create table notification_authorized_pending (
  id uuid primary key,
  tenant_id uuid not null,
  issuer_id uuid not null,
  document jsonb not null,
  created_at timestamptz not null default now()
);
create index notification_authorized_pending_scope_idx on notification_authorized_pending (tenant_id, issuer_id, id);
