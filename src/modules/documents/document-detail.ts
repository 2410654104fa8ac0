import { documentNumber } from './document-model.js';
import { toSummary } from './documents.repository.js';
import type { DocumentRow } from './documents.tables.js';

/** GET /v1/documents/:accessKey: the summary plus everything the document says. */
export function toDetail(row: DocumentRow) {
  const m = row.model;
  return {
    ...toSummary(row),
    environment: row.environment,
    issuerId: row.issuerId,
    number: documentNumber(m),
    buyer: m.buyer,
    items: m.items,
    totals: m.totals,
    payments: m.payments,
    originalDocument: m.creditNote
      ? {
          documentType: m.creditNote.originalDocumentType,
          number: m.creditNote.originalNumber,
          issueDate: m.creditNote.originalIssueDate,
        }
      : null,
    motivo: m.creditNote?.reason ?? null,
    additionalInfo: m.additionalInfo,
    voidReason: row.voidReason,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    certFingerprint: row.certFingerprint,
    signedAt: row.signedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
