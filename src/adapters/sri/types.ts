/**
 * What the tax authority's two offline SOAP services answer, as plain data. Field values are kept
 * as the service wrote them (strings, Spanish state names); callers decide what they mean.
 */
export type SriEnvironment = 'sandbox' | 'production';

/** One `mensaje` of a reception or authorization answer. */
export interface SriMessage {
  /** `identificador`, e.g. "43". Match on this, not on the text (REFERENCE §8). */
  identifier: string;
  message: string;
  additionalInfo: string | null;
  /** ERROR / ADVERTENCIA / INFORMATIVO; empty when the answer carried no `tipo` (shape §4d). */
  type: string;
}

/** validarComprobante. An answer without `estado` (error 35, ENVELOPES §3d) counts as DEVUELTA. */
export interface ReceptionResult {
  status: 'RECIBIDA' | 'DEVUELTA';
  messages: SriMessage[];
}

/** One `autorizacion` entry of an autorizacionComprobante answer. */
export interface AuthorizationEntry {
  /** AUTORIZADO, NO AUTORIZADO, EN PROCESO, RECHAZADA… exactly as given. */
  status: string;
  /** Equals the access key in the offline scheme; absent when not authorized. */
  authorizationNumber: string | null;
  /** As given: ISO 8601 with offset, e.g. 2023-10-08T12:55:46-05:00. */
  authorizationDate: string | null;
  /** PRUEBAS or PRODUCCIÓN, as given. */
  environment: string | null;
  /** The signed XML, already unescaped (the service sends it entity-escaped or as CDATA). */
  document: string | null;
  messages: SriMessage[];
}

export interface AuthorizationResult {
  /** `claveAccesoConsultada`; absent in the malformed-key answer (§4d). */
  accessKey: string | null;
  /** `numeroComprobantes`: 0 means the service has no record of the key (yet). */
  count: number;
  authorizations: AuthorizationEntry[];
}

/** consultarEstadoAutorizacionComprobante: status metadata, never the XML (REFERENCE-PURCHASES §2). */
export interface StatusResult {
  /** `estadoConsulta`: absent on success, RECHAZADA on a query error (99, 33). */
  queryStatus: string | null;
  accessKey: string | null;
  /** `estadoAutorizacion` as given: AUTORIZADO, NO AUTORIZADO, PENDIENTE DE ANULAR, ANULADO… */
  authorizationStatus: string | null;
  /** `tipoComprobante`, a label ("Factura"); the key's digits 8-9 are the reliable type. */
  documentType: string | null;
  issuerRuc: string | null;
  authorizationDate: string | null;
  messages: SriMessage[];
}

/** How a transport failure is reported to callers, which retry on any of these. */
export type SriTransportStatus = `HTTP_${number}` | 'HTTP_TIMEOUT' | 'HTTP_CONNECTION_ERROR';

/** No usable answer: time-out, connection refused/reset, non-2xx status or a SOAP Fault. */
export class SriTransportError extends Error {
  override readonly name = 'SriTransportError';
  constructor(
    readonly status: SriTransportStatus,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A 2xx answer whose body is not a SOAP response we understand. */
export class SriProtocolError extends Error {
  override readonly name = 'SriProtocolError';
  constructor(
    message: string,
    /** The start of the body, for the logs. */
    readonly bodyExcerpt: string,
  ) {
    super(message);
  }
}
