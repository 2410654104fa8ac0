-- Public links to a document for its buyer (issue 17): only the SHA-256 of the token is kept, so a
-- copy of the database opens no document. One live link per document: a new one revokes the last.
create table document_shares (
  id uuid primary key,
  tenant_id uuid not null references tenants (id),
  document_id uuid not null references documents (id),
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null
);
create index document_shares_document_idx on document_shares (document_id) where revoked_at is null;
