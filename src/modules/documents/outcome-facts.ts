/**
 * What the notifications of a document's outcome say about it, read from its row: the list's
 * number, total and date (the same for every type; a guía's total is 0.00). Kept here, beside the
 * table, so that the wiring in deps.ts holds no business mapping.
 */
import { sequentialDigits } from '../../shared/sri-codes.js';
import { toSummary } from './document-summary.js';
import type { DocumentRow } from './documents.tables.js';

export function authorizedFacts(doc: DocumentRow) {
  const summary = toSummary(doc);
  return {
    tenantId: doc.tenantId,
    issuerId: doc.issuerId,
    document: {
      accessKey: doc.accessKey,
      sequential: summary.sequential,
      buyerName: doc.buyerName,
      buyerId: doc.buyerId,
      total: summary.total,
      issueDate: summary.issueDate,
      authorizationNumber: doc.authorizationNumber ?? doc.accessKey,
    },
  };
}

export function refusedFacts(doc: DocumentRow) {
  return {
    tenantId: doc.tenantId,
    issuerId: doc.issuerId,
    document: {
      accessKey: doc.accessKey,
      documentType: doc.documentType,
      sequential: sequentialDigits(doc.sequential),
    },
  };
}
