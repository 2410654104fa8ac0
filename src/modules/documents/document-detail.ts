import { type DocumentModel, documentNumber } from '../../shared/document-model.js';
import { toSummary } from './document-summary.js';
import type { DocumentRow } from './documents.tables.js';
import { contentOf } from './pipeline.js';
import type { voidWindow } from './void-rules.js';

/** GET /v1/documents/:accessKey: the summary plus everything the document says. */
export function toDetail(row: DocumentRow, window: ReturnType<typeof voidWindow>) {
  const common = {
    ...toSummary(row),
    environment: row.environment,
    issuerId: row.issuerId,
    number: documentNumber(row.model),
    voidReason: row.voidReason,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidWindow: window,
    certFingerprint: row.certFingerprint,
    signedAt: row.signedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.documentType !== '01' && row.documentType !== '04') {
    // The counterpart (supplier, buyer, subject, carrier) in `buyer`; the rest as the type computed it.
    const content = contentOf(row.model) as { additionalInfo?: { name: string; value: string }[] };
    return {
      ...common,
      buyer: {
        idType: row.buyerIdType,
        id: row.buyerId,
        name: row.buyerName,
        email: row.buyerEmail,
        address: null,
        phone: null,
      },
      originalDocument: null,
      motivo: null,
      additionalInfo: content.additionalInfo ?? [],
      content: content as Record<string, unknown>,
    };
  }
  // 01 and 04 store the DocumentModel (document-model.ts).
  const m = row.model as unknown as DocumentModel;
  return {
    ...common,
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
  };
}
