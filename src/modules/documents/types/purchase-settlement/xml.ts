import type { ItemLine } from '../../../../shared/document-model.js';
import { element, optionalElement, textElement } from '../../xml/canonical-xml.js';
import { detallesAdicionales, infoAdicional, infoTributaria, rootDocument, siNo } from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';
import type { PurchaseSettlementContent } from './compute.js';

export const PURCHASE_SETTLEMENT_ROOT = 'liquidacionCompra';
export const PURCHASE_SETTLEMENT_VERSION = '1.1.0';
/** Real authorized documents write moneda DOLAR (REFERENCE-TYPES.md §3). */
const CURRENCY = 'DOLAR';

/** liquidacionCompra 1.1.0, element order as in resources/sri/xsd/LiquidacionCompra_V1.1.0.xsd. */
export function buildPurchaseSettlementXml(
  header: DocumentHeader,
  content: PurchaseSettlementContent,
): string {
  const { issuer } = header;
  const { supplier, totals } = content;
  const info = element(
    'infoLiquidacionCompra',
    textElement('fechaEmision', header.issueDate) +
      optionalElement('dirEstablecimiento', issuer.branchAddress) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('obligadoContabilidad', siNo(issuer.requiredAccounting)) +
      textElement('tipoIdentificacionProveedor', supplier.idType) +
      textElement('razonSocialProveedor', supplier.name) +
      textElement('identificacionProveedor', supplier.id) +
      optionalElement('direccionProveedor', supplier.address) +
      textElement('totalSinImpuestos', totals.totalWithoutTaxes) +
      textElement('totalDescuento', totals.totalDiscount) +
      element(
        'totalConImpuestos',
        totals.taxTotals
          .map((t) =>
            element(
              'totalImpuesto',
              // tarifa left out of the totals, as in the real sample and the invoice builder
              textElement('codigo', t.code) +
                textElement('codigoPorcentaje', t.rateCode) +
                textElement('baseImponible', t.taxableBase) +
                textElement('valor', t.amount),
            ),
          )
          .join(''),
      ) +
      textElement('importeTotal', totals.total) +
      textElement('moneda', CURRENCY) +
      element(
        'pagos',
        content.payments
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
  return rootDocument(
    PURCHASE_SETTLEMENT_ROOT,
    PURCHASE_SETTLEMENT_VERSION,
    infoTributaria(header) +
      info +
      element('detalles', content.items.map(detalle).join('')) +
      infoAdicional(content.additionalInfo),
  );
}

function detalle(item: ItemLine): string {
  return element(
    'detalle',
    textElement('codigoPrincipal', item.mainCode) +
      optionalElement('codigoAuxiliar', item.auxiliaryCode) +
      textElement('descripcion', item.description) +
      textElement('cantidad', item.quantity) +
      textElement('precioUnitario', item.unitPrice) +
      textElement('descuento', item.discount) +
      textElement('precioTotalSinImpuesto', item.subtotal) +
      detallesAdicionales(item.additionalDetails) +
      element(
        'impuestos',
        item.taxes
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
      ),
  );
}
