import { authorizationXml } from './authorization.js';
import { type AccessKeyProblem, accessKeyEnvironment, accessKeyProblem } from './received-key.js';
import type { SriClient } from './soap-client.js';
import {
  type SriEnvironment,
  type SriMessage,
  SriProtocolError,
  SriTransportError,
  type StatusResult,
} from './types.js';

/**
 * A received document asked of the tax authority by its access key (REFERENCE-PURCHASES §1, §2),
 * on the host its environment digit names. Each outcome is a value; only programming errors throw.
 */

/** Error 33 "Dirección IP sancionada": too many calls (REFERENCE §3). */
const THROTTLED_ID = '33';

/** @public */
export interface SriAuthorization {
  /** Always AUTORIZADO: the only state a received document is stored in. */
  status: 'AUTORIZADO';
  /** numeroAutorizacion (the access key in the offline scheme). */
  number: string;
  /** fechaAutorizacion as given (ISO 8601 with offset, or the portal's dd/MM/yyyy form). */
  date: string | null;
  /** PRUEBAS or PRODUCCIÓN as given; null when the answer had none. */
  environment: string | null;
}

export type FetchedDocument =
  | {
      kind: 'authorized';
      accessKey: string;
      environment: SriEnvironment;
      authorization: SriAuthorization;
      /** The issuer's signed document, as the service returned it (parse with parseReceivedDocument). */
      xml: string;
      /** The portal's `autorizacion` wrapper around it (CDATA): the file to keep and offer for download. */
      authorizedXml: string;
    }
  /** Known but not authorized (NO AUTORIZADO, EN PROCESO…): never stored as a purchase. */
  | { kind: 'not-authorized'; accessKey: string; status: string; messages: SriMessage[] }
  /** numeroComprobantes 0: no such authorized document (for a supplier's key, a wrong key). */
  | { kind: 'unknown'; accessKey: string }
  /** Checked before any call: length, check digit or environment digit. */
  | { kind: 'invalid-key'; accessKey: string; problem: AccessKeyProblem | 'REFUSED_BY_SRI' }
  | { kind: 'throttled'; accessKey: string }
  /** Time-out, connection error, HTTP error or an answer we cannot read: try again later. */
  | { kind: 'unavailable'; accessKey: string; reason: string };

export async function fetchAuthorizedDocument(sri: SriClient, accessKey: string): Promise<FetchedDocument> {
  const problem = accessKeyProblem(accessKey);
  if (problem !== null) return { kind: 'invalid-key', accessKey, problem };
  const environment = accessKeyEnvironment(accessKey);
  let result: Awaited<ReturnType<SriClient['authorize']>>;
  try {
    result = await sri.authorize(environment, accessKey);
  } catch (e) {
    return unavailable(accessKey, e);
  }
  const entries = result.authorizations;
  if (entries.some((a) => a.messages.some((m) => m.identifier === THROTTLED_ID))) {
    return { kind: 'throttled', accessKey };
  }
  // Message 80: the service found the key malformed (it has no claveAccesoConsultada then).
  if (entries.some((a) => a.status === 'RECHAZADA' && a.messages.some((m) => m.identifier === '80'))) {
    return { kind: 'invalid-key', accessKey, problem: 'REFUSED_BY_SRI' };
  }
  if (result.accessKey !== null && result.accessKey !== accessKey) {
    return {
      kind: 'unavailable',
      accessKey,
      reason: `The answer is about another key (${result.accessKey})`,
    };
  }
  if (entries.length === 0) return { kind: 'unknown', accessKey };
  // Several entries are possible, only one AUTORIZADO (ficha §16): look at all of them.
  const authorized = entries.find((a) => a.status === 'AUTORIZADO' && a.document !== null);
  if (!authorized) {
    const last = entries.at(-1)!;
    return { kind: 'not-authorized', accessKey, status: last.status, messages: last.messages };
  }
  return {
    kind: 'authorized',
    accessKey,
    environment,
    authorization: {
      status: 'AUTORIZADO',
      number: authorized.authorizationNumber ?? accessKey,
      date: authorized.authorizationDate,
      environment: authorized.environment,
    },
    xml: authorized.document!,
    authorizedXml: authorizationXml(authorized, accessKey),
  };
}

/** The four states of REFERENCE-PURCHASES §2; anything else is kept as given under OTHER. */
/** @public */
export type SriDocumentState = 'AUTORIZADO' | 'NO AUTORIZADO' | 'PENDIENTE DE ANULAR' | 'ANULADO' | 'OTHER';
const STATES: readonly string[] = ['AUTORIZADO', 'NO AUTORIZADO', 'PENDIENTE DE ANULAR', 'ANULADO'];

export type SriStatus =
  | {
      kind: 'state';
      accessKey: string;
      state: SriDocumentState;
      /** estadoAutorizacion exactly as given (tells OTHER states apart). */
      rawState: string;
      authorizationDate: string | null;
      issuerRuc: string | null;
    }
  /** 99 "No existen datos para los parámetros ingresados". */
  | { kind: 'unknown'; accessKey: string }
  /** 99 "…fecha de emision esta fuera del rango permitido": the service no longer (or not yet) serves it. */
  | { kind: 'out-of-range'; accessKey: string }
  | { kind: 'invalid-key'; accessKey: string; problem: AccessKeyProblem | 'REFUSED_BY_SRI' }
  | { kind: 'throttled'; accessKey: string }
  | { kind: 'unavailable'; accessKey: string; reason: string };

export async function querySriStatus(sri: SriClient, accessKey: string): Promise<SriStatus> {
  const problem = accessKeyProblem(accessKey);
  if (problem !== null) return { kind: 'invalid-key', accessKey, problem };
  let result: StatusResult;
  try {
    result = await sri.status(accessKeyEnvironment(accessKey), accessKey);
  } catch (e) {
    return unavailable(accessKey, e);
  }
  if (result.messages.some((m) => m.identifier === THROTTLED_ID)) return { kind: 'throttled', accessKey };
  // An answer about another key is dropped (REFERENCE-PURCHASES §2 quirks).
  if (result.accessKey !== null && result.accessKey !== accessKey) {
    return {
      kind: 'unavailable',
      accessKey,
      reason: `The answer is about another key (${result.accessKey})`,
    };
  }
  if (result.queryStatus === 'RECHAZADA' || result.authorizationStatus === null) {
    const info = result.messages.map((m) => m.additionalInfo ?? '').join(' ');
    if (/No existen datos/i.test(info)) return { kind: 'unknown', accessKey };
    if (/fuera del rango/i.test(info)) return { kind: 'out-of-range', accessKey };
    if (/formato de la clave/i.test(info))
      return { kind: 'invalid-key', accessKey, problem: 'REFUSED_BY_SRI' };
    const said = result.messages.map((m) => `${m.identifier} ${m.message} ${m.additionalInfo ?? ''}`.trim());
    return { kind: 'unavailable', accessKey, reason: `Query refused: ${said.join('; ') || 'no message'}` };
  }
  const raw = result.authorizationStatus;
  return {
    kind: 'state',
    accessKey,
    state: STATES.includes(raw) ? (raw as SriDocumentState) : 'OTHER',
    rawState: raw,
    authorizationDate: result.authorizationDate,
    issuerRuc: result.issuerRuc,
  };
}

function unavailable(
  accessKey: string,
  e: unknown,
): { kind: 'unavailable'; accessKey: string; reason: string } {
  if (e instanceof SriTransportError || e instanceof SriProtocolError) {
    return { kind: 'unavailable', accessKey, reason: e.message };
  }
  throw e;
}
