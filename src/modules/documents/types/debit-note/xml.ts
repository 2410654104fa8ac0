import { element, textElement } from '../common/canonical-xml.js';
import { impuestos, infoAdicional, infoTributaria, noteHead, pagos, rootDocument } from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';
import type { DebitNoteContent } from './compute.js';

export const DEBIT_NOTE_ROOT = 'notaDebito';
export const DEBIT_NOTE_VERSION = '1.0.0';

/**
 * notaDebito 1.0.0, element order as in resources/sri/xsd/NotaDebito_V1.0.0.xsd: the taxes sit in
 * infoNotaDebito with `tarifa` before `baseImponible`; numDocModificado keeps its dashes.
 */
export function buildDebitNoteXml(header: DocumentHeader, content: DebitNoteContent): string {
  const { buyer, originalDocument: original } = content;
  const info = element(
    'infoNotaDebito',
    noteHead(header, buyer, original) +
      textElement('totalSinImpuestos', content.totalWithoutTaxes) +
      impuestos(content.taxes) +
      textElement('valorTotal', content.total) +
      (content.payments.length ? pagos(content.payments) : ''),
  );
  const motivos = element(
    'motivos',
    content.reasons
      .map((r) => element('motivo', textElement('razon', r.reason) + textElement('valor', r.amount)))
      .join(''),
  );
  return rootDocument(
    DEBIT_NOTE_ROOT,
    DEBIT_NOTE_VERSION,
    infoTributaria(header) + info + motivos + infoAdicional(content.additionalInfo),
  );
}
