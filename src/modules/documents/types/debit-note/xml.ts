import { element, optionalElement, textElement } from '../common/canonical-xml.js';
import { infoAdicional, infoTributaria, pagos, rootDocument, siNo } from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';
import type { DebitNoteContent } from './compute.js';

export const DEBIT_NOTE_ROOT = 'notaDebito';
export const DEBIT_NOTE_VERSION = '1.0.0';

/**
 * notaDebito 1.0.0, element order as in resources/sri/xsd/NotaDebito_V1.0.0.xsd: the taxes sit in
 * infoNotaDebito with `tarifa` before `baseImponible`; numDocModificado keeps its dashes.
 */
export function buildDebitNoteXml(header: DocumentHeader, content: DebitNoteContent): string {
  const { issuer } = header;
  const { buyer, originalDocument: original } = content;
  const info = element(
    'infoNotaDebito',
    textElement('fechaEmision', header.issueDate) +
      optionalElement('dirEstablecimiento', issuer.branchAddress) +
      textElement('tipoIdentificacionComprador', buyer.idType) +
      textElement('razonSocialComprador', buyer.name) +
      textElement('identificacionComprador', buyer.id) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('obligadoContabilidad', siNo(issuer.requiredAccounting)) +
      textElement('codDocModificado', original.documentType) +
      textElement('numDocModificado', original.number) +
      textElement('fechaEmisionDocSustento', original.issueDate) +
      textElement('totalSinImpuestos', content.totalWithoutTaxes) +
      element(
        'impuestos',
        content.taxes
          .map((t) =>
            element(
              'impuesto',
              textElement('codigo', t.code) +
                textElement('codigoPorcentaje', t.rateCode) +
                textElement('tarifa', t.rate) +
                textElement('baseImponible', t.taxableBase) +
                textElement('valor', t.amount),
            ),
          )
          .join(''),
      ) +
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
