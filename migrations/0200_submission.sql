-- The tax authority lifecycle (src/modules/submission): every reception and authorization call
-- with what came of it, and per document the state the background job needs to resume safely.

-- One row per reception or authorization attempt (GET /v1/documents/:accessKey/sri-responses).
-- `status` is the estado with spaces as underscores (RECIBIDA, DEVUELTA, AUTORIZADO, NO_AUTORIZADO,
-- EN_PROCESO, RECHAZADA), NOT_FOUND for numeroComprobantes 0, or HTTP_<code> / HTTP_TIMEOUT /
-- HTTP_CONNECTION_ERROR / HTTP_BAD_RESPONSE when no usable answer came back. Never the raw SOAP.
create table sri_responses (
  id uuid primary key,
  document_id uuid not null references documents (id),
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'production')),
  operation_type text not null check (operation_type in ('RECEPTION', 'AUTHORIZATION')),
  status text not null,
  messages jsonb,
  created_at timestamptz not null
);
create index sri_responses_document_idx on sri_responses (document_id, created_at desc, id desc);
-- GET /v1/sri/status: the latest calls per environment, and the latest failure and success.
create index sri_responses_recent_idx on sri_responses (environment, created_at desc);
create index sri_responses_failures_idx on sri_responses (environment, created_at desc)
  where status like 'HTTP\_%';
create index sri_responses_answers_idx on sri_responses (environment, created_at desc)
  where status not like 'HTTP\_%';

-- What the submission job must know to resume after a crash or a lost answer.
create table document_submissions (
  document_id uuid primary key references documents (id),
  tenant_id uuid not null references tenants (id),
  environment text not null check (environment in ('sandbox', 'production')),
  -- Set, and committed, before each reception call; cleared once its answer is recorded. While set,
  -- the tax authority may hold the document: the next attempt asks for its authorization before
  -- sending again (REFERENCE.md §2 item 2), so a lost answer never becomes a blind duplicate.
  reception_in_flight_since timestamptz,
  -- Consecutive attempts without a usable answer, or polls still EN PROCESO: drives the backoff.
  consecutive_retries integer not null default 0,
  -- HTTP_<code>… of the last attempt when it failed at transport level, else null
  -- (POST /v1/tenants/retry-failed-documents).
  last_failure_status text,
  last_failure_at timestamptz,
  -- Incremented by each rebuild: older authorization entries of the same key are not this build's.
  build integer not null default 0,
  updated_at timestamptz not null
);
create index document_submissions_failed_idx on document_submissions (tenant_id, environment)
  where last_failure_status is not null;

-- The reconciliation sweep looks for documents not yet final.
create index documents_in_flight_idx on documents (created_at) where status in ('SIGNED', 'RECEIVED');
