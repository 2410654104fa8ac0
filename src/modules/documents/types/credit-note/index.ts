import { computeDocumentContent, type DocumentContent } from '../common/sales-compute.js';
import { salesRide, salesSummary } from '../common/sales-document.js';
import type { DocumentTypeDefinition } from '../definition.js';
import { CreditNoteBody } from './schema.js';
import { buildCreditNoteXml, CREDIT_NOTE_ROOT, CREDIT_NOTE_VERSION } from './xml.js';

/** Nota de crédito 1.1.0 (codDoc 04): dated today, against one original document. */
export const creditNote: DocumentTypeDefinition<typeof CreditNoteBody, DocumentContent> = {
  code: '04',
  label: 'credit note',
  rootElement: CREDIT_NOTE_ROOT,
  schemaVersion: CREDIT_NOTE_VERSION,
  bodySchema: CreditNoteBody,
  compute: (body, ctx) => computeDocumentContent(body, { today: ctx.today }),
  buildXml: buildCreditNoteXml,
  summary: salesSummary,
  ride: salesRide,
};
