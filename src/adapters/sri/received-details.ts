import type { ReceivedDetails, ReceivedItem, WaybillRecipient } from './received-model.js';
import { type Section, taxGroups } from './received-sections.js';
import { attribute, children } from './xml-text.js';

/**
 * The printable parts of a received document (what its RIDE shows beyond the accounting fields):
 * the issuer's legends, the lines, a guía's carrier and recipients, the additional information.
 * Read leniently: a missing optional element is null or empty, never a refusal (the SRI already
 * authorized the document; these fields only feed the RIDE).
 */

function details(s: Section): { name: string; value: string }[] {
  return s.all('detallesAdicionales', 'detAdicional').map((d) => ({
    name: attribute(d.node, 'nombre') ?? '',
    value: attribute(d.node, 'valor') ?? '',
  }));
}

function item(d: Section): ReceivedItem {
  return {
    mainCode: d.optional('codigoPrincipal') ?? d.optional('codigoInterno'),
    auxiliaryCode: d.optional('codigoAuxiliar') ?? d.optional('codigoAdicional'),
    description: d.optional('descripcion') ?? '',
    quantity: d.optional('cantidad') ?? '0',
    unitPrice: d.optional('precioUnitario'),
    discount: d.optional('descuento'),
    subtotal: d.optional('precioTotalSinImpuesto'),
    additionalDetails: details(d),
    taxes: taxGroups(d, 'impuestos', 'impuesto'),
  };
}

function waybillRecipient(r: Section): WaybillRecipient {
  return {
    id: r.optional('identificacionDestinatario') ?? '',
    name: r.optional('razonSocialDestinatario') ?? '',
    address: r.optional('dirDestinatario') ?? '',
    transferReason: r.optional('motivoTraslado') ?? '',
    customsDocument: r.optional('docAduaneroUnico'),
    destinationBranchCode: r.optional('codEstabDestino'),
    route: r.optional('ruta'),
    supportingDocument: r.optional('codDocSustento')
      ? {
          type: r.optional('codDocSustento') ?? '',
          number: r.optional('numDocSustento') ?? '',
          issueDate: r.optional('fechaEmisionDocSustento'),
          authorizationNumber: r.optional('numAutDocSustento'),
        }
      : null,
    items: r.all('detalles', 'detalle').map(item),
  };
}

/** The additional information's campoAdicional elements: `nombre` attribute and text. */
function additionalInfo(root: Section): { name: string; value: string }[] {
  const info = root.sub('infoAdicional');
  if (info === null) return [];
  return children(info.node, 'campoAdicional').map((f) => ({
    name: attribute(f, 'nombre') ?? '',
    value: (typeof f['#text'] === 'string' ? f['#text'] : '').trim(),
  }));
}

export function readDetails(root: Section, tax: Section, info: Section): ReceivedDetails {
  const isWaybill = root.path === 'guiaRemision';
  return {
    issuer: {
      branchAddress: info.optional('dirEstablecimiento'),
      requiredAccounting: info.optional('obligadoContabilidad') === 'SI',
      specialTaxpayer: info.optional('contribuyenteEspecial'),
      retentionAgentResolution: tax.optional('agenteRetencion'),
      rimpeRegime: tax.optional('contribuyenteRimpe'),
    },
    recipientAddress: info.optional('direccionComprador') ?? info.optional('direccionProveedor') ?? null,
    items: isWaybill ? [] : root.all('detalles', 'detalle').map(item),
    debitReasons: root
      .all('motivos', 'motivo')
      .map((m) => ({ reason: m.optional('razon') ?? '', amount: m.optional('valor') ?? '0' })),
    waybill: isWaybill
      ? {
          carrierId: info.optional('rucTransportista') ?? '',
          carrierName: info.optional('razonSocialTransportista') ?? '',
          plate: info.optional('placa') ?? '',
          departureAddress: info.optional('dirPartida') ?? '',
          transportStart: info.optional('fechaIniTransporte') ?? '',
          transportEnd: info.optional('fechaFinTransporte') ?? '',
          recipients: root.all('destinatarios', 'destinatario').map(waybillRecipient),
        }
      : null,
    additionalInfo: additionalInfo(root),
  };
}
