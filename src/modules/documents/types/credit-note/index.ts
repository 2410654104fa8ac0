import { computeDocumentContent, type DocumentContent } from '../../totals.js';
import { salesRide, salesSummary, salesXml } from '../common/sales-document.js';
import type { DocumentTypeDefinition } from '../definition.js';
import { CreditNoteBody } from './schema.js';

/** Nota de crédito 1.1.0 (codDoc 04): dated today, against one original document. */
export const creditNote: DocumentTypeDefinition<typeof CreditNoteBody, DocumentContent> = {
  code: '04',
  label: 'credit note',
  rootElement: 'notaCredito',
  schemaVersion: '1.1.0',
  bodySchema: CreditNoteBody,
  compute: (body, ctx) => computeDocumentContent(body, { today: ctx.today }),
  buildXml: salesXml,
  summary: salesSummary,
  ride: salesRide,
};
