import { escapeText } from './xml-text.js';

/** Request envelopes exactly as ENVELOPES.md §1 and §2 show them. */

export const RECEPTION_NS = 'http://ec.gob.sri.ws.recepcion';
export const AUTHORIZATION_NS = 'http://ec.gob.sri.ws.autorizacion';
/** ConsultaComprobante (REFERENCE-PURCHASES §2). */
export const STATUS_NS = 'http://ec.gob.sri.ws.consultas';
export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** `xml` is xs:base64Binary: the signed file's UTF-8 bytes, base64-encoded. */
export function receptionRequest(signedXml: string): string {
  const b64 = Buffer.from(signedXml, 'utf8').toString('base64');
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ec="${RECEPTION_NS}">` +
    '<soapenv:Header/><soapenv:Body><ec:validarComprobante>' +
    `<xml>${b64}</xml>` +
    '</ec:validarComprobante></soapenv:Body></soapenv:Envelope>'
  );
}

export function authorizationRequest(accessKey: string): string {
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ec="${AUTHORIZATION_NS}">` +
    '<soapenv:Header/><soapenv:Body><ec:autorizacionComprobante>' +
    `<claveAccesoComprobante>${escapeText(accessKey)}</claveAccesoComprobante>` +
    '</ec:autorizacionComprobante></soapenv:Body></soapenv:Envelope>'
  );
}

export function statusRequest(accessKey: string): string {
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ec="${STATUS_NS}">` +
    '<soapenv:Header/><soapenv:Body><ec:consultarEstadoAutorizacionComprobante>' +
    `<claveAcceso>${escapeText(accessKey)}</claveAcceso>` +
    '</ec:consultarEstadoAutorizacionComprobante></soapenv:Body></soapenv:Envelope>'
  );
}
