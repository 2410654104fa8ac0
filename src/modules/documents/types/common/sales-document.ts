import type { RideContent } from '../../../../adapters/ride/ride.js';
import type { DocumentModel } from '../../../../shared/document-model.js';
import type { DocumentContent } from '../../totals.js';
import { buildDocumentXml } from '../../xml/index.js';
import type { DocumentHeader, DocumentSummary } from '../definition.js';

/**
 * What the invoice (01) and the credit note (04) share: the content computed by
 * `computeDocumentContent` (totals.ts), the XML builder of document-xml.ts and a buyer as the
 * counterpart. The stored model is header + content, the `DocumentModel` rows have always held.
 */
export function salesXml(header: DocumentHeader, content: DocumentContent): string {
  return buildDocumentXml({ ...content, ...header } as DocumentModel);
}

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
