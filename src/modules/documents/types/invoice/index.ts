import { computeDocumentContent, type DocumentContent } from '../common/sales-compute.js';
import { salesRide, salesSummary } from '../common/sales-document.js';
import type { DocumentTypeDefinition } from '../definition.js';
import { InvoiceBody } from './schema.js';
import { buildInvoiceXml, INVOICE_ROOT, INVOICE_VERSION } from './xml.js';

/** Factura 1.1.0 (codDoc 01). */
export const invoice: DocumentTypeDefinition<typeof InvoiceBody, DocumentContent> = {
  code: '01',
  label: 'invoice',
  rootElement: INVOICE_ROOT,
  schemaVersion: INVOICE_VERSION,
  bodySchema: InvoiceBody,
  compute: (body, ctx) => computeDocumentContent(body, { today: ctx.today }),
  buildXml: buildInvoiceXml,
  summary: salesSummary,
  ride: salesRide,
};
