import { element, textElement } from '../common/canonical-xml.js';
import type { DocumentContent } from '../common/sales-compute.js';
import {
  CURRENCY,
  detalles,
  infoAdicional,
  infoTributaria,
  noteHead,
  rootDocument,
  totalConImpuestos,
} from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';

export const CREDIT_NOTE_ROOT = 'notaCredito';
export const CREDIT_NOTE_VERSION = '1.1.0';

/**
 * notaCredito 1.1.0, element order as in resources/sri/xsd/NotaCredito_V1.1.0.xsd: the buyer
 * before contribuyenteEspecial, the credited document, valorModificacion, then the motivo.
 */
export function buildCreditNoteXml(header: DocumentHeader, content: DocumentContent): string {
  const { buyer, totals } = content;
  const reference = content.creditNote;
  if (!reference) throw new Error('a credit note needs its creditNote reference');
  const info = element(
    'infoNotaCredito',
    noteHead(header, buyer, {
      documentType: reference.originalDocumentType,
      number: reference.originalNumber,
      issueDate: reference.originalIssueDate,
    }) +
      textElement('totalSinImpuestos', totals.totalWithoutTaxes) +
      textElement('valorModificacion', totals.total) +
      textElement('moneda', CURRENCY) +
      totalConImpuestos(totals.taxTotals) +
      textElement('motivo', reference.reason),
  );
  return rootDocument(
    CREDIT_NOTE_ROOT,
    CREDIT_NOTE_VERSION,
    infoTributaria(header) +
      info +
      detalles(content.items, 'codigoInterno', 'codigoAdicional') +
      infoAdicional(content.additionalInfo),
  );
}
