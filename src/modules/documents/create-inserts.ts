/** The insert of a batch of created documents and their CREATED events (docs/creates.md). */
import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { uuidv7 } from '../../shared/ids.js';
import type { DocumentRow, EmailStatus } from './documents.tables.js';

/** A document as a batch of creates inserts it: every column the table needs. */
export interface NewDocument {
  id: string;
  tenantId: string;
  issuerId: string;
  environment: 'sandbox' | 'production';
  documentType: DocumentRow['documentType'];
  accessKey: string;
  sequential: number;
  issueDate: string;
  buyerIdType: string;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  total: string;
  model: Record<string, unknown>;
  request: Record<string, unknown>;
  idempotencyKey: string | null;
  requestHash: string;
  signedXml: string;
  certFingerprint: string;
  originalDocumentType: string | null;
  originalNumber: string | null;
}

/** A new document's email status: NONE when it has no address (a final consumer without email). */
export function initialEmailStatus(buyerEmail: string): EmailStatus {
  return buyerEmail === '' ? 'NONE' : 'PENDING';
}

/**
 * The documents of a batch of creates, SIGNED, and their CREATED events, written at the unit of
 * work's flush: two inserts, their rows as one JSON parameter each (no per-row query building),
 * whatever the batch's size.
 */
export function insertCreatedDocuments(uow: UnitOfWork, docs: NewDocument[], now: Date): void {
  const at = now.toISOString();
  const rows = docs.map((d) => ({
    id: d.id,
    tenant_id: d.tenantId,
    issuer_id: d.issuerId,
    environment: d.environment,
    document_type: d.documentType,
    access_key: d.accessKey,
    sequential: d.sequential,
    issue_date: d.issueDate,
    status: 'SIGNED',
    buyer_id_type: d.buyerIdType,
    buyer_id: d.buyerId,
    buyer_name: d.buyerName,
    buyer_email: d.buyerEmail,
    total: d.total,
    model: d.model,
    request: d.request,
    idempotency_key: d.idempotencyKey,
    request_hash: d.requestHash,
    signed_xml: d.signedXml,
    signed_at: at,
    cert_fingerprint: d.certFingerprint,
    original_document_type: d.originalDocumentType,
    original_number: d.originalNumber,
    email_status: initialEmailStatus(d.buyerEmail),
    created_at: at,
    updated_at: at,
  }));
  const events = docs.map((d) => ({
    id: uuidv7(now.getTime()),
    document_id: d.id,
    tenant_id: d.tenantId,
    type: 'CREATED',
    detail: { status: 'SIGNED', sequential: d.model.sequential, certFingerprint: d.certFingerprint },
    created_at: at,
  }));
  uow.write(sql`
      insert into documents (id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
        issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
        idempotency_key, request_hash, signed_xml, signed_at, cert_fingerprint, original_document_type,
        original_number, email_status, created_at, updated_at)
      select id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
        issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
        idempotency_key, request_hash, signed_xml, signed_at, cert_fingerprint, original_document_type,
        original_number, email_status, created_at, updated_at
        from json_populate_recordset(null::documents, ${JSON.stringify(rows)}::json)`);
  // Every document is inserted or the flush fails, so each event has its document (checked by
  // the foreign key at the end of the statement).
  uow.write(sql`
    insert into document_events (id, document_id, tenant_id, type, detail, created_at)
    select e.id, e.document_id, e.tenant_id, e.type, e.detail, e.created_at
      from json_populate_recordset(null::document_events, ${JSON.stringify(events)}::json) e`);
}
