import { element, optionalElement, textElement } from '../common/canonical-xml.js';
import {
  CURRENCY,
  detalles,
  infoAdicional,
  infoTributaria,
  pagos,
  rootDocument,
  siNo,
  totalConImpuestos,
} from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';
import type { PurchaseSettlementContent } from './compute.js';

export const PURCHASE_SETTLEMENT_ROOT = 'liquidacionCompra';
export const PURCHASE_SETTLEMENT_VERSION = '1.1.0';

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
      totalConImpuestos(totals.taxTotals) +
      textElement('importeTotal', totals.total) +
      textElement('moneda', CURRENCY) +
      pagos(content.payments),
  );
  return rootDocument(
    PURCHASE_SETTLEMENT_ROOT,
    PURCHASE_SETTLEMENT_VERSION,
    infoTributaria(header) +
      info +
      detalles(content.items, 'codigoPrincipal', 'codigoAuxiliar') +
      infoAdicional(content.additionalInfo),
  );
}
