import type { RideContent } from '../../../../adapters/ride/ride.js';
import type { DocumentModel } from '../../../../shared/document-model.js';
import type { DocumentHeader, DocumentSummary } from '../definition.js';
import type { DocumentContent } from './sales-compute.js';

/**
 * What the invoice (01) and the credit note (04) share besides `computeDocumentContent`
 * (sales-compute.ts): a buyer as the counterpart, and a RIDE drawn from the stored model
 * (header + content, what the `DocumentModel` rows have always held).
 */

/** The RIDE lays out the sales model itself (buyer box, item table, payments and totals). */
export function salesRide(header: DocumentHeader, content: DocumentContent): RideContent {
  return { model: { ...content, ...header } as DocumentModel };
}

export function salesSummary(content: DocumentContent): DocumentSummary {
  return {
    counterpartIdType: content.buyer.idType,
    counterpartId: content.buyer.id,
    counterpartName: content.buyer.name,
    emails: [content.buyer.email],
    total: content.totals.total,
    original: content.creditNote
      ? { documentType: content.creditNote.originalDocumentType, number: content.creditNote.originalNumber }
      : null,
  };
}
