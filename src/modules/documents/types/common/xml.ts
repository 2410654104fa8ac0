import type { ItemLine, Payment, TaxLine } from '../../../../shared/document-model.js';
import type { DocumentHeader } from '../definition.js';
import {
  element,
  escapeAttr,
  escapeText,
  optionalElement,
  textElement,
  XML_DECLARATION,
} from './canonical-xml.js';
import type { NameValue } from './schemas.js';

/**
 * XML fragments every type's xml.ts builds from (REFERENCE-TYPES.md §1 and the official XSDs in
 * resources/sri/xsd/): infoTributaria, infoAdicional and the root for all six; the totals,
 * detalles and pagos of the item documents (01, 03, 04) and the pagos of the 05.
 */

/** tipoEmision 1 = normal; contingency emission is no longer accepted. */
const EMISSION_TYPE = '1';

/** infoTributaria, the same sequence in every type (REFERENCE-TYPES.md §1), codDoc from the header. */
export function infoTributaria(header: DocumentHeader): string {
  const issuer = header.issuer;
  return element(
    'infoTributaria',
    textElement('ambiente', header.environment === 'production' ? '2' : '1') +
      textElement('tipoEmision', EMISSION_TYPE) +
      textElement('razonSocial', issuer.businessName) +
      optionalElement('nombreComercial', issuer.tradeName) +
      textElement('ruc', issuer.ruc) +
      textElement('claveAcceso', header.accessKey) +
      textElement('codDoc', header.documentType) +
      textElement('estab', issuer.branchCode) +
      textElement('ptoEmi', issuer.issuePointCode) +
      textElement('secuencial', header.sequential) +
      textElement('dirMatriz', issuer.mainAddress) +
      optionalElement('agenteRetencion', issuer.retentionAgentResolution) +
      optionalElement('contribuyenteRimpe', issuer.rimpeRegime),
  );
}

export function infoAdicional(fields: readonly NameValue[]): string {
  if (fields.length === 0) return '';
  return element(
    'infoAdicional',
    fields
      .map((f) => `<campoAdicional nombre="${escapeAttr(f.name)}">${escapeText(f.value)}</campoAdicional>`)
      .join(''),
  );
}

export function detallesAdicionales(details: readonly NameValue[]): string {
  if (details.length === 0) return '';
  return element(
    'detallesAdicionales',
    details
      .map(
        (d) => `<detAdicional nombre="${escapeAttr(d.name)}" valor="${escapeAttr(d.value)}"></detAdicional>`,
      )
      .join(''),
  );
}

/** The whole document: declaration, root with id="comprobante" (C14N order: id before version). */
export function rootDocument(root: string, version: string, body: string): string {
  return `${XML_DECLARATION}<${root} id="comprobante" version="${version}">${body}</${root}>`;
}

export const siNo = (value: boolean): string => (value ? 'SI' : 'NO');

/** Real authorized documents write moneda DOLAR (docs/spec-map.md, SRI §7). */
export const CURRENCY = 'DOLAR';

/** totalImpuesto: the optional tarifa and descuentoAdicional are left out, as real documents do. */
export function totalConImpuestos(taxTotals: readonly TaxLine[]): string {
  return element(
    'totalConImpuestos',
    taxTotals
      .map((tax) =>
        element(
          'totalImpuesto',
          textElement('codigo', tax.code) +
            textElement('codigoPorcentaje', tax.rateCode) +
            textElement('baseImponible', tax.taxableBase) +
            textElement('valor', tax.amount),
        ),
      )
      .join(''),
  );
}

export function pagos(payments: readonly Payment[]): string {
  return element(
    'pagos',
    payments
      .map((p) =>
        element(
          'pago',
          textElement('formaPago', p.method) +
            textElement('total', p.total) +
            optionalElement('plazo', p.term) +
            optionalElement('unidadTiempo', p.termUnit),
        ),
      )
      .join(''),
  );
}

/** The factura and the liquidación name the item codes codigoPrincipal/codigoAuxiliar, notaCredito codigoInterno/codigoAdicional. */
export function detalles(items: readonly ItemLine[], mainCodeTag: string, auxiliaryCodeTag: string): string {
  return element('detalles', items.map((item) => detalle(item, mainCodeTag, auxiliaryCodeTag)).join(''));
}

/** impuestos with the tarifa of each: an item's (01, 03, 04), the 05's totals. */
export function impuestos(taxes: readonly TaxLine[]): string {
  return element(
    'impuestos',
    taxes
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
  );
}

/**
 * The head of the infoNotaCredito and infoNotaDebito (same sequence in both XSDs): date, branch,
 * buyer, issuer flags and the document the note modifies.
 */
export function noteHead(
  header: DocumentHeader,
  buyer: { idType: string; name: string; id: string },
  modified: { documentType: string; number: string; issueDate: string },
): string {
  const { issuer } = header;
  return (
    textElement('fechaEmision', header.issueDate) +
    optionalElement('dirEstablecimiento', issuer.branchAddress) +
    textElement('tipoIdentificacionComprador', buyer.idType) +
    textElement('razonSocialComprador', buyer.name) +
    textElement('identificacionComprador', buyer.id) +
    optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
    textElement('obligadoContabilidad', siNo(issuer.requiredAccounting)) +
    textElement('codDocModificado', modified.documentType) +
    textElement('numDocModificado', modified.number) +
    textElement('fechaEmisionDocSustento', modified.issueDate)
  );
}

function detalle(item: ItemLine, mainCodeTag: string, auxiliaryCodeTag: string): string {
  return element(
    'detalle',
    textElement(mainCodeTag, item.mainCode) +
      optionalElement(auxiliaryCodeTag, item.auxiliaryCode) +
      textElement('descripcion', item.description) +
      textElement('cantidad', item.quantity) +
      textElement('precioUnitario', item.unitPrice) +
      textElement('descuento', item.discount) +
      textElement('precioTotalSinImpuesto', item.subtotal) +
      detallesAdicionales(item.additionalDetails) +
      impuestos(item.taxes),
  );
}
