import { computeDocumentContent, type DocumentContent } from '../../totals.js';
import { salesRide, salesSummary, salesXml } from '../common/sales-document.js';
import type { DocumentTypeDefinition } from '../definition.js';
import { InvoiceBody } from './schema.js';

/** Factura 1.1.0 (codDoc 01). */
export const invoice: DocumentTypeDefinition<typeof InvoiceBody, DocumentContent> = {
  code: '01',
  label: 'invoice',
  rootElement: 'factura',
  schemaVersion: '1.1.0',
  bodySchema: InvoiceBody,
  compute: (body, ctx) => computeDocumentContent(body, { today: ctx.today }),
  buildXml: salesXml,
  summary: salesSummary,
  ride: salesRide,
};
