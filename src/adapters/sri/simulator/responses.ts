import { messagesXml } from '../authorization.js';
import { AUTHORIZATION_NS, RECEPTION_NS, SOAP_ENV_NS } from '../envelopes.js';
import type { SriMessage } from '../types.js';
import { escapeText } from '../xml-text.js';

/** Answer envelopes shaped like the real ones (ENVELOPES.md §3, §4), as bytes ready to send. */

const open = `<soap:Envelope xmlns:soap="${SOAP_ENV_NS}"><soap:Body>`;
const close = '</soap:Body></soap:Envelope>';

export type ReceptionAnswer =
  | { status: 'RECIBIDA' }
  | { status: 'DEVUELTA'; accessKey: string; messages: SriMessage[] }
  /** Error 35: no estado, claveAcceso N/A (§3d). */
  | { status: null; messages: SriMessage[] };

export function receptionResponse(answer: ReceptionAnswer): Buffer {
  let inner: string;
  if (answer.status === 'RECIBIDA') {
    inner = '<estado>RECIBIDA</estado><comprobantes/>';
  } else {
    const key = answer.status === null ? 'N/A' : answer.accessKey;
    const comprobante = `<comprobante><claveAcceso>${escapeText(key)}</claveAcceso><mensajes>${messagesXml(answer.messages)}</mensajes></comprobante>`;
    inner = `${answer.status === null ? '' : '<estado>DEVUELTA</estado>'}<comprobantes>${comprobante}</comprobantes>`;
  }
  const xml =
    `<?xml version='1.0' encoding='UTF-8'?>${open}<ns2:validarComprobanteResponse xmlns:ns2="${RECEPTION_NS}">` +
    `<RespuestaRecepcionComprobante>${inner}</RespuestaRecepcionComprobante>` +
    `</ns2:validarComprobanteResponse>${close}`;
  return Buffer.from(xml, 'utf8');
}

export interface AuthorizationAnswerEntry {
  status: string;
  authorizationNumber: string | null;
  authorizationDate: string | null;
  environment: string | null;
  document: string | null;
  messages: SriMessage[];
}

/** `accessKey` null gives the malformed-key shape (§4d): no claveAccesoConsultada, no count. */
export function authorizationResponse(accessKey: string | null, entries: AuthorizationAnswerEntry[]): Buffer {
  const head =
    accessKey === null
      ? ''
      : `<claveAccesoConsultada>${escapeText(accessKey)}</claveAccesoConsultada><numeroComprobantes>${entries.length}</numeroComprobantes>`;
  const list =
    entries.length === 0
      ? '<autorizaciones/>'
      : `<autorizaciones>${entries.map(entryXml).join('')}</autorizaciones>`;
  const xml =
    `<?xml version='1.0' encoding='ISO-8859-1' ?> ${open}` +
    `<ns2:autorizacionComprobanteResponse xmlns:ns2="${AUTHORIZATION_NS}">` +
    `<RespuestaAutorizacionComprobante>${head}${list}</RespuestaAutorizacionComprobante>` +
    `</ns2:autorizacionComprobanteResponse>${close}`;
  return encodeLatin1(xml);
}

function entryXml(e: AuthorizationAnswerEntry): string {
  const optional = (name: string, value: string | null) =>
    value === null ? '' : `<${name}>${escapeText(value)}</${name}>`;
  return (
    '<autorizacion>' +
    `<estado>${escapeText(e.status)}</estado>` +
    optional('numeroAutorizacion', e.authorizationNumber) +
    optional('fechaAutorizacion', e.authorizationDate) +
    optional('ambiente', e.environment) +
    // Entity-escaped like the real production answer (§4a), not CDATA.
    optional('comprobante', e.document) +
    (e.messages.length === 0 ? '<mensajes/>' : `<mensajes>${messagesXml(e.messages)}</mensajes>`) +
    '</autorizacion>'
  );
}

export function soapFault(faultString: string, faultCode = 'soap:Server'): Buffer {
  const xml =
    `<?xml version='1.0' encoding='UTF-8'?>${open}<soap:Fault>` +
    `<faultcode>${faultCode}</faultcode><faultstring>${escapeText(faultString)}</faultstring>` +
    `</soap:Fault>${close}`;
  return Buffer.from(xml, 'utf8');
}

/**
 * ISO-8859-1 bytes, as the real service sends. Characters beyond Latin-1 can only appear in text
 * (the embedded document), so they go out as character references, as a Java serializer writes them.
 */
function encodeLatin1(xml: string): Buffer {
  return Buffer.from(
    xml.replace(/[\u{100}-\u{10FFFF}]/gu, (c) => `&#x${c.codePointAt(0)!.toString(16).toUpperCase()};`),
    'latin1',
  );
}
