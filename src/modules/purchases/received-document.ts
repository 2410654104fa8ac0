import {
  child,
  childText,
  findFirst,
  parseXml,
  rootElement,
  XmlDecodeError,
  type XmlNode,
} from '../../adapters/sri/xml-text.js';
import { AppError } from '../../shared/errors.js';

/**
 * A received XML in any of the three shapes of REFERENCE-PURCHASES §4.1: the portal's
 * `autorizacion` wrapper (the signed document as CDATA), the SOAP answer of autorizacionComprobante
 * (escaped text), or the bare signed document. The wrapper's claims are kept but prove nothing: the
 * tax authority's answer by key does (§4.1, "a file alone proves nothing").
 */
export interface ReceivedXml {
  /** The signed document's text, as it was inside the file. */
  signedXml: string;
  /** Root element of the signed document: factura, notaCredito… */
  root: string;
  document: XmlNode;
  /** `autorizacion` fields when the file had the wrapper. */
  wrapper: {
    status: string | null;
    authorizationNumber: string | null;
    authorizationDate: string | null;
  } | null;
}

export const DOCUMENT_ROOTS: Record<string, string> = {
  factura: '01',
  liquidacionCompra: '03',
  notaCredito: '04',
  notaDebito: '05',
  guiaRemision: '06',
  comprobanteRetencion: '07',
};

function invalidXml(detail: string): AppError {
  return new AppError('PURCHASE_XML_INVALID', detail, { errors: [{ path: 'file', message: detail }] });
}

function parse(text: string): XmlNode {
  try {
    return parseXml(text.trim());
  } catch (e) {
    if (e instanceof XmlDecodeError) throw invalidXml(`The file is not well-formed XML: ${e.message}`);
    throw e;
  }
}

/** Reads any of the three shapes; anything else is PURCHASE_XML_INVALID naming what was found. */
export function readReceivedXml(text: string): ReceivedXml {
  const top = rootElement(parse(text));
  if (!top) throw invalidXml('The file has no root element');
  const [name, element] = top;
  if (DOCUMENT_ROOTS[name]) return { signedXml: text.trim(), root: name, document: element, wrapper: null };
  const authorization =
    name === 'autorizacion' ? element : name === 'Envelope' ? findFirst(element, 'autorizacion') : null;
  if (!authorization) {
    throw invalidXml(
      `The root element is ${name}: expected autorizacion, a SOAP answer or one of ${Object.keys(DOCUMENT_ROOTS).join(', ')}`,
    );
  }
  const inner = (childText(authorization, 'comprobante') ?? '').trim();
  if (inner === '') throw invalidXml('The autorizacion has no comprobante');
  const innerTop = rootElement(parse(inner));
  if (!innerTop || !DOCUMENT_ROOTS[innerTop[0]]) {
    throw invalidXml(
      `The comprobante inside the autorizacion is not a known document (${innerTop?.[0] ?? 'empty'})`,
    );
  }
  return {
    signedXml: inner,
    root: innerTop[0],
    document: innerTop[1],
    wrapper: {
      status: childText(authorization, 'estado'),
      authorizationNumber: childText(authorization, 'numeroAutorizacion'),
      authorizationDate: childText(authorization, 'fechaAutorizacion'),
    },
  };
}

/** The access key the document states (infoTributaria/claveAcceso), trimmed. */
export function statedAccessKey(doc: XmlNode): string | null {
  const info = child(doc, 'infoTributaria');
  return info ? (childText(info, 'claveAcceso')?.trim() ?? null) : null;
}
