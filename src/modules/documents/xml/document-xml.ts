import type { DocumentModel, ItemLine, TaxLine } from '../../../shared/document-model.js';
import { infoTributaria } from '../types/common/xml.js';
import {
  element,
  escapeAttr,
  escapeText,
  optionalElement,
  textElement,
  XML_DECLARATION,
} from './canonical-xml.js';

export { XML_DECLARATION };

/**
 * The tax authority's XML for a document: factura 1.1.0 (codDoc 01) or notaCredito 1.1.0
 * (codDoc 04), element order as in resources/sri/xsd/factura_V1.1.0.xsd and NotaCredito_V1.1.0.xsd.
 * The root carries id="comprobante" and no namespace (the schemas have no target namespace).
 * Everything after the XML declaration is already in C14N 1.0 form: the XAdES signer digests it
 * as it is.
 */
/** Real authorized documents write moneda DOLAR (docs/spec-map.md, SRI §7). */
const CURRENCY = 'DOLAR';

export function buildDocumentXml(model: DocumentModel): string {
  const root = model.documentType === '01' ? 'factura' : 'notaCredito';
  const body =
    model.documentType === '01'
      ? infoTributaria(model) + infoFactura(model) + details(model, 'codigoPrincipal', 'codigoAuxiliar')
      : infoTributaria(model) + infoNotaCredito(model) + details(model, 'codigoInterno', 'codigoAdicional');
  // C14N sorts unqualified attributes by name: id before version.
  return `${XML_DECLARATION}<${root} id="comprobante" version="1.1.0">${body}${additionalInfo(model)}</${root}>`;
}

function infoFactura(model: DocumentModel): string {
  const { issuer, buyer, totals } = model;
  return element(
    'infoFactura',
    textElement('fechaEmision', model.issueDate) +
      optionalElement('dirEstablecimiento', issuer.branchAddress) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('obligadoContabilidad', issuer.requiredAccounting ? 'SI' : 'NO') +
      textElement('tipoIdentificacionComprador', buyer.idType) +
      textElement('razonSocialComprador', buyer.name) +
      textElement('identificacionComprador', buyer.id) +
      optionalElement('direccionComprador', buyer.address) +
      textElement('totalSinImpuestos', totals.totalWithoutTaxes) +
      textElement('totalDescuento', totals.totalDiscount) +
      element(
        'totalConImpuestos',
        totals.taxTotals.map((t) => element('totalImpuesto', taxTotal(t))).join(''),
      ) +
      textElement('propina', totals.tip) +
      textElement('importeTotal', totals.total) +
      textElement('moneda', CURRENCY) +
      element(
        'pagos',
        model.payments
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
      ),
  );
}

function infoNotaCredito(model: DocumentModel): string {
  const { issuer, buyer, totals } = model;
  const reference = model.creditNote;
  if (!reference) throw new Error('a credit note model needs its creditNote reference');
  return element(
    'infoNotaCredito',
    textElement('fechaEmision', model.issueDate) +
      optionalElement('dirEstablecimiento', issuer.branchAddress) +
      textElement('tipoIdentificacionComprador', buyer.idType) +
      textElement('razonSocialComprador', buyer.name) +
      textElement('identificacionComprador', buyer.id) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('obligadoContabilidad', issuer.requiredAccounting ? 'SI' : 'NO') +
      textElement('codDocModificado', reference.originalDocumentType) +
      textElement('numDocModificado', reference.originalNumber) +
      textElement('fechaEmisionDocSustento', reference.originalIssueDate) +
      textElement('totalSinImpuestos', totals.totalWithoutTaxes) +
      textElement('valorModificacion', totals.total) +
      textElement('moneda', CURRENCY) +
      element(
        'totalConImpuestos',
        totals.taxTotals.map((t) => element('totalImpuesto', taxTotal(t))).join(''),
      ) +
      textElement('motivo', reference.reason),
  );
}

/** totalImpuesto: the optional tarifa and descuentoAdicional are left out, as real documents do. */
function taxTotal(tax: TaxLine): string {
  return (
    textElement('codigo', tax.code) +
    textElement('codigoPorcentaje', tax.rateCode) +
    textElement('baseImponible', tax.taxableBase) +
    textElement('valor', tax.amount)
  );
}

/** Factura names the item codes codigoPrincipal/codigoAuxiliar, notaCredito codigoInterno/codigoAdicional. */
function details(model: DocumentModel, mainCodeTag: string, auxiliaryCodeTag: string): string {
  return element('detalles', model.items.map((item) => detail(item, mainCodeTag, auxiliaryCodeTag)).join(''));
}

function detail(item: ItemLine, mainCodeTag: string, auxiliaryCodeTag: string): string {
  const extras = item.additionalDetails.length
    ? element(
        'detallesAdicionales',
        item.additionalDetails
          .map(
            (d) =>
              `<detAdicional nombre="${escapeAttr(d.name)}" valor="${escapeAttr(d.value)}"></detAdicional>`,
          )
          .join(''),
      )
    : '';
  const taxes = item.taxes.map((t) =>
    element(
      'impuesto',
      textElement('codigo', t.code) +
        textElement('codigoPorcentaje', t.rateCode) +
        textElement('tarifa', t.rate) +
        textElement('baseImponible', t.taxableBase) +
        textElement('valor', t.amount),
    ),
  );
  return element(
    'detalle',
    textElement(mainCodeTag, item.mainCode) +
      optionalElement(auxiliaryCodeTag, item.auxiliaryCode) +
      textElement('descripcion', item.description) +
      textElement('cantidad', item.quantity) +
      textElement('precioUnitario', item.unitPrice) +
      textElement('descuento', item.discount) +
      textElement('precioTotalSinImpuesto', item.subtotal) +
      extras +
      element('impuestos', taxes.join('')),
  );
}

function additionalInfo(model: DocumentModel): string {
  if (model.additionalInfo.length === 0) return '';
  return element(
    'infoAdicional',
    model.additionalInfo
      .map((f) => `<campoAdicional nombre="${escapeAttr(f.name)}">${escapeText(f.value)}</campoAdicional>`)
      .join(''),
  );
}
