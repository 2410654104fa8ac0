import { element, optionalElement, textElement } from '../common/canonical-xml.js';
import type { DocumentContent } from '../common/sales-compute.js';
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

export const INVOICE_ROOT = 'factura';
export const INVOICE_VERSION = '1.1.0';

/**
 * factura 1.1.0, element order as in resources/sri/xsd/factura_V1.1.0.xsd. The root carries
 * id="comprobante" and no namespace (the schema has no target namespace).
 */
export function buildInvoiceXml(header: DocumentHeader, content: DocumentContent): string {
  const { issuer } = header;
  const { buyer, totals } = content;
  const info = element(
    'infoFactura',
    textElement('fechaEmision', header.issueDate) +
      optionalElement('dirEstablecimiento', issuer.branchAddress) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('obligadoContabilidad', siNo(issuer.requiredAccounting)) +
      textElement('tipoIdentificacionComprador', buyer.idType) +
      textElement('razonSocialComprador', buyer.name) +
      textElement('identificacionComprador', buyer.id) +
      optionalElement('direccionComprador', buyer.address) +
      textElement('totalSinImpuestos', totals.totalWithoutTaxes) +
      textElement('totalDescuento', totals.totalDiscount) +
      totalConImpuestos(totals.taxTotals) +
      textElement('propina', totals.tip) +
      textElement('importeTotal', totals.total) +
      textElement('moneda', CURRENCY) +
      pagos(content.payments),
  );
  return rootDocument(
    INVOICE_ROOT,
    INVOICE_VERSION,
    infoTributaria(header) +
      info +
      detalles(content.items, 'codigoPrincipal', 'codigoAuxiliar') +
      infoAdicional(content.additionalInfo),
  );
}
