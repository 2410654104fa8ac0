import {
  type AuthorizationEntry,
  type AuthorizationResult,
  type ReceptionResult,
  type SriMessage,
  SriProtocolError,
  type StatusResult,
} from './types.js';
import {
  child,
  children,
  childText,
  decodeXmlBytes,
  findFirst,
  parseXml,
  rootElement,
  type XmlNode,
} from './xml-text.js';

/**
 * Parses the two services' SOAP answers from their bytes. Every child element is optional in the
 * WSDL, so missing parts become null/empty rather than errors; only an answer that is not a SOAP
 * envelope holding the expected response element is a protocol error.
 */

export type SoapBody = { kind: 'fault'; faultString: string } | { kind: 'body'; body: XmlNode };

/** Decodes and parses an envelope; a body whose first element is a Fault is reported as such. */
export function openEnvelope(bytes: Uint8Array): SoapBody {
  let root: [string, XmlNode] | null;
  try {
    root = rootElement(parseXml(decodeXmlBytes(bytes)));
  } catch (e) {
    throw new SriProtocolError(`The answer is not well-formed XML: ${(e as Error).message}`, excerpt(bytes));
  }
  const body = root?.[0] === 'Envelope' ? child(root[1], 'Body') : null;
  if (body === null) throw new SriProtocolError('The answer is not a SOAP envelope', excerpt(bytes));
  const fault = child(body, 'Fault');
  if (fault !== null) {
    // SOAP 1.1 faultstring; SOAP 1.2 Reason/Text.
    const text = childText(fault, 'faultstring') ?? findFirst(fault, 'Text')?.['#text'] ?? '';
    return { kind: 'fault', faultString: text.trim() || 'SOAP Fault' };
  }
  return { kind: 'body', body };
}

export function parseReceptionBody(body: XmlNode, raw: Uint8Array): ReceptionResult {
  const answer = findFirst(body, 'RespuestaRecepcionComprobante');
  if (answer === null) {
    throw new SriProtocolError('No RespuestaRecepcionComprobante in the answer', excerpt(raw));
  }
  const estado = childText(answer, 'estado')?.trim() ?? '';
  if (estado !== '' && estado !== 'RECIBIDA' && estado !== 'DEVUELTA') {
    throw new SriProtocolError(`Unknown reception estado "${estado}"`, excerpt(raw));
  }
  const messages: SriMessage[] = [];
  const comprobantes = child(answer, 'comprobantes');
  if (comprobantes !== null) {
    for (const comprobante of children(comprobantes, 'comprobante'))
      messages.push(...readMessages(comprobante));
  }
  // No estado at all is the error-35 shape (ENVELOPES §3d): the document was refused.
  return { status: estado === 'RECIBIDA' ? 'RECIBIDA' : 'DEVUELTA', messages };
}

export function parseAuthorizationBody(body: XmlNode, raw: Uint8Array): AuthorizationResult {
  const answer = findFirst(body, 'RespuestaAutorizacionComprobante');
  if (answer === null) {
    throw new SriProtocolError('No RespuestaAutorizacionComprobante in the answer', excerpt(raw));
  }
  const authorizations: AuthorizationEntry[] = [];
  const list = child(answer, 'autorizaciones');
  if (list !== null) {
    for (const a of children(list, 'autorizacion')) authorizations.push(readAuthorization(a));
  }
  const countText = childText(answer, 'numeroComprobantes')?.trim() ?? '';
  return {
    accessKey: nonEmpty(childText(answer, 'claveAccesoConsultada')),
    count: /^\d+$/.test(countText) ? Number(countText) : authorizations.length,
    authorizations,
  };
}

export function parseStatusBody(body: XmlNode, raw: Uint8Array): StatusResult {
  const answer = findFirst(body, 'EstadoAutorizacionComprobante');
  if (answer === null) {
    throw new SriProtocolError('No EstadoAutorizacionComprobante in the answer', excerpt(raw));
  }
  const authorizationStatus = nonEmpty(childText(answer, 'estadoAutorizacion'));
  return {
    // The ficha's prose puts RECHAZADA in estadoAutorizacion, its examples in estadoConsulta: accept both.
    queryStatus:
      nonEmpty(childText(answer, 'estadoConsulta')) ??
      (authorizationStatus === 'RECHAZADA' ? 'RECHAZADA' : null),
    accessKey: nonEmpty(childText(answer, 'claveAcceso')),
    authorizationStatus: authorizationStatus === 'RECHAZADA' ? null : authorizationStatus,
    documentType: nonEmpty(childText(answer, 'tipoComprobante')),
    issuerRuc: nonEmpty(childText(answer, 'rucEmisor')),
    authorizationDate: nonEmpty(childText(answer, 'fechaAutorizacion')),
    messages: readMessages(answer),
  };
}

/** Whole-answer helpers, mostly for tests and tools; the client uses openEnvelope + *Body. */
export function parseReceptionResponse(bytes: Uint8Array): ReceptionResult {
  const soap = openEnvelope(bytes);
  if (soap.kind === 'fault') throw new SriProtocolError(`SOAP Fault: ${soap.faultString}`, excerpt(bytes));
  return parseReceptionBody(soap.body, bytes);
}

export function parseAuthorizationResponse(bytes: Uint8Array): AuthorizationResult {
  const soap = openEnvelope(bytes);
  if (soap.kind === 'fault') throw new SriProtocolError(`SOAP Fault: ${soap.faultString}`, excerpt(bytes));
  return parseAuthorizationBody(soap.body, bytes);
}

function readAuthorization(a: XmlNode): AuthorizationEntry {
  // The same string comes out whether the service escaped the XML or wrapped it in CDATA.
  const document = childText(a, 'comprobante')?.trim() ?? '';
  return {
    status: childText(a, 'estado')?.trim() ?? '',
    authorizationNumber: nonEmpty(childText(a, 'numeroAutorizacion')),
    authorizationDate: nonEmpty(childText(a, 'fechaAutorizacion')),
    environment: nonEmpty(childText(a, 'ambiente')),
    document: document === '' ? null : document,
    messages: readMessages(a),
  };
}

function readMessages(parent: XmlNode): SriMessage[] {
  const mensajes = child(parent, 'mensajes');
  if (mensajes === null) return [];
  return children(mensajes, 'mensaje').map((m) => ({
    identifier: childText(m, 'identificador')?.trim() ?? '',
    message: childText(m, 'mensaje')?.trim() ?? '',
    additionalInfo: nonEmpty(childText(m, 'informacionAdicional')),
    type: childText(m, 'tipo')?.trim() ?? '',
  }));
}

function nonEmpty(value: string | null): string | null {
  const v = value?.trim() ?? '';
  return v === '' ? null : v;
}

function excerpt(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 300)).toString('latin1');
}
