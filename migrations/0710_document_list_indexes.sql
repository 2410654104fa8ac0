-- The list at a million documents (docs/scaling-lists.md): one btree per order the list can be
-- asked for, each starting with the scope every list request has (tenant, issuer, environment)
-- and ending with the tie-breakers (created_at, id), so that a page, a deep page scanned from the
-- nearer end and a keyset cursor are all one index range, and the page's ids come from an
-- index-only scan. Read forwards or backwards, each serves both sort directions. The filter
-- indexes carry the other filter columns (INCLUDE), so that status, documentType and issue-date
-- filters combined are still answered from the index alone.
-- They replace the three list indexes of 0100, which started with the issuer and covered only
-- the default order, issue dates and status.
drop index if exists documents_list_idx;
drop index if exists documents_issue_date_idx;
drop index if exists documents_status_idx;

create index documents_list_created_idx on documents (tenant_id, issuer_id, environment, created_at, id);
create index documents_list_sequential_idx on documents (tenant_id, issuer_id, environment, sequential, created_at, id);
create index documents_list_buyer_name_idx on documents (tenant_id, issuer_id, environment, buyer_name, created_at, id);
create index documents_list_issue_date_idx on documents (tenant_id, issuer_id, environment, issue_date, created_at, id)
  include (status, document_type);
create index documents_list_status_idx on documents (tenant_id, issuer_id, environment, status, created_at, id)
  include (document_type);
-- documentType is a filter, not a sort: with the default order (newest created first).
create index documents_list_type_idx on documents (tenant_id, issuer_id, environment, document_type, created_at, id)
  include (status);
