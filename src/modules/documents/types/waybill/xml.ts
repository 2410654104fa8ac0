import { element, optionalElement, textElement } from '../common/canonical-xml.js';
import { detallesAdicionales, infoAdicional, infoTributaria, rootDocument, siNo } from '../common/xml.js';
import type { DocumentHeader } from '../definition.js';
import type { WaybillContent, WaybillRecipient } from './compute.js';

export const WAYBILL_ROOT = 'guiaRemision';
export const WAYBILL_VERSION = '1.1.0';

/**
 * guiaRemision 1.1.0, element order as in resources/sri/xsd/GuiaRemision_V1.1.0.xsd: no
 * fechaEmision (the issue date is only in the key); docAduaneroUnico right after motivoTraslado
 * (OCA's 15.0 template puts it later, which this XSD rejects); numDocSustento with dashes.
 */
export function buildWaybillXml(header: DocumentHeader, content: WaybillContent): string {
  const { issuer } = header;
  const { carrier } = content;
  const info = element(
    'infoGuiaRemision',
    optionalElement('dirEstablecimiento', issuer.branchAddress) +
      textElement('dirPartida', content.departureAddress) +
      textElement('razonSocialTransportista', carrier.name) +
      textElement('tipoIdentificacionTransportista', carrier.idType) +
      textElement('rucTransportista', carrier.id) +
      textElement('obligadoContabilidad', siNo(issuer.requiredAccounting)) +
      optionalElement('contribuyenteEspecial', issuer.specialTaxpayer) +
      textElement('fechaIniTransporte', content.transportStartDate) +
      textElement('fechaFinTransporte', content.transportEndDate) +
      textElement('placa', carrier.licensePlate),
  );
  return rootDocument(
    WAYBILL_ROOT,
    WAYBILL_VERSION,
    infoTributaria(header) +
      info +
      element('destinatarios', content.recipients.map(destinatario).join('')) +
      infoAdicional(content.additionalInfo),
  );
}

function destinatario(r: WaybillRecipient): string {
  const doc = r.supportingDocument;
  return element(
    'destinatario',
    textElement('identificacionDestinatario', r.id) +
      textElement('razonSocialDestinatario', r.name) +
      textElement('dirDestinatario', r.address) +
      textElement('motivoTraslado', r.transferReason) +
      optionalElement('docAduaneroUnico', r.customsDocument) +
      optionalElement('codEstabDestino', r.destinationBranchCode) +
      optionalElement('ruta', r.route) +
      (doc
        ? textElement('codDocSustento', doc.documentType) +
          textElement('numDocSustento', doc.number) +
          textElement('numAutDocSustento', doc.authorizationNumber) +
          textElement('fechaEmisionDocSustento', doc.issueDate)
        : '') +
      element(
        'detalles',
        r.items
          .map((item) =>
            element(
              'detalle',
              optionalElement('codigoInterno', item.mainCode) +
                optionalElement('codigoAdicional', item.auxiliaryCode) +
                textElement('descripcion', item.description) +
                textElement('cantidad', item.quantity) +
                detallesAdicionales(item.additionalDetails),
            ),
          )
          .join(''),
      ),
  );
}
