import {
  type AuthorizationEntry,
  type AuthorizationResult,
  isFinalAuthorizationStatus,
  pickAuthorization,
  type ReceptionResult,
  type SriMessage,
  SriProtocolError,
  SriTransportError,
} from '../../adapters/sri/index.js';

/**
 * What an answer of the tax authority means for a document, as pure decisions (no I/O), so every
 * rule of docs/spec-map.md, SRI §2-§3 is tested on its own (sri-outcomes.test.ts).
 */

/** 43 CLAVE ACCESO REGISTRADA and 70 CLAVE DE ACCESO EN PROCESAMIENTO: an earlier send got through. */
const ALREADY_RECEIVED = new Set(['43', '70']);
/** Messages that do not refuse anything (docs/spec-map.md, SRI §2: tipo ERROR / ADVERTENCIA / INFORMATIVO). */
const NON_BLOCKING_TYPES = new Set(['ADVERTENCIA', 'INFORMATIVO']);

export type ReceptionDecision =
  /** `checkNow`: 43 says the key is already registered, so ask for its authorization at once. */
  | { kind: 'received'; via: 'RECIBIDA' | '43' | '70'; checkNow: boolean }
  | { kind: 'returned'; messages: SriMessage[] };

/**
 * RECIBIDA → received. DEVUELTA whose only blocking messages are 43 or 70 → the document is already
 * with the tax authority (decisions.md, "Document lifecycle"; docs/spec-map.md, SRI §3: "On 43, query
 * autorización before anything else"; 70: "wait, then query authorisation"). Any other DEVUELTA
 * → returned with its messages.
 */
export function decideReception(result: ReceptionResult): ReceptionDecision {
  if (result.status === 'RECIBIDA') return { kind: 'received', via: 'RECIBIDA', checkNow: false };
  const blocking = result.messages.filter((m) => !NON_BLOCKING_TYPES.has(m.type));
  if (blocking.length > 0 && blocking.every((m) => ALREADY_RECEIVED.has(m.identifier))) {
    const registered = blocking.some((m) => m.identifier === '43');
    return { kind: 'received', via: registered ? '43' : '70', checkNow: registered };
  }
  return { kind: 'returned', messages: result.messages };
}

export type AuthorizationDecision =
  | { kind: 'authorized'; entry: AuthorizationEntry }
  | { kind: 'not-authorized'; entry: AuthorizationEntry }
  /** The tax authority has the key but no decision yet (EN PROCESO or any non-final state). */
  | { kind: 'pending'; entry: AuthorizationEntry | null }
  /** numeroComprobantes 0: no record of this build; a document never received may be sent. */
  | { kind: 'not-found' };

/**
 * An AUTORIZADO entry wins whenever one comes back (docs/spec-map.md, SRI §2 item 3: several entries, prefer
 * the AUTORIZADO one). Other entries count only when they are about the XML we signed last: after a
 * rebuild the service still lists the refused submission of the same key (ENVELOPES §4f), which
 * must not be mistaken for the fate of the corrected one.
 */
export function decideAuthorization(result: AuthorizationResult, signedXml: string): AuthorizationDecision {
  const authorized = result.authorizations.find((a) => a.status === 'AUTORIZADO');
  if (authorized) return { kind: 'authorized', entry: authorized };
  const ours = signatureValue(signedXml);
  const current = result.authorizations.filter((a) => belongsTo(a, ours));
  const entry = pickAuthorization({ ...result, authorizations: current });
  if (entry === null) {
    // Entries of older builds only: this build was never received. A count without entries still
    // says the key is known, so it is not sent again.
    return result.count > 0 && result.authorizations.length === 0
      ? { kind: 'pending', entry: null }
      : { kind: 'not-found' };
  }
  if (!isFinalAuthorizationStatus(entry.status)) return { kind: 'pending', entry };
  return { kind: 'not-authorized', entry };
}

function belongsTo(entry: AuthorizationEntry, ourSignature: string | null): boolean {
  if (entry.document === null || ourSignature === null) return true;
  const theirs = signatureValue(entry.document);
  return theirs === null || theirs === ourSignature;
}

/** The SignatureValue of a signed document: unique to one signing, whatever the escaping. */
export function signatureValue(xml: string): string | null {
  const m = /SignatureValue[^>]*>([^<]+)</.exec(xml);
  return m ? m[1]!.replace(/\s+/g, '') : null;
}

/** The sri-responses `status` of an authorization answer: the estado with spaces as underscores. */
export function authorizationStatus(decision: AuthorizationDecision): string {
  if (decision.kind === 'not-found') return 'NOT_FOUND';
  if (decision.entry === null) return 'EN_PROCESO';
  return sriStatusText(decision.entry.status);
}

function sriStatusText(estado: string): string {
  return estado.trim().replace(/\s+/g, '_') || 'UNKNOWN';
}

/**
 * The status of a call that brought no usable answer: HTTP_<code>, HTTP_TIMEOUT,
 * HTTP_CONNECTION_ERROR, or HTTP_BAD_RESPONSE for a 2xx body that is not the service's answer.
 * Null for anything else (a bug or the database), which the job lets fail and retry.
 */
export function transportStatus(error: unknown): string | null {
  if (error instanceof SriThrottled) return 'THROTTLED';
  if (error instanceof SriTransportError) return error.status;
  if (error instanceof SriProtocolError) return 'HTTP_BAD_RESPONSE';
  return null;
}

/** Error 33 "Dirección IP sancionada": too many calls in a short period (REFERENCE §3). */
const THROTTLED = '33';

/**
 * An answer carrying error 33 decides nothing about the document: the tax authority refused the
 * call, not the document. Retried after the transport backoff (status THROTTLED), never a refusal.
 */
export class SriThrottled extends Error {
  override readonly name = 'SriThrottled';
  constructor(readonly messages: SriMessage[]) {
    super('The SRI refused the call for too many requests (error 33, Dirección IP sancionada)');
  }
}

/** Throws SriThrottled when any message of a reception or authorization answer is error 33. */
export function assertNotThrottled(result: ReceptionResult | AuthorizationResult): void {
  const messages =
    'authorizations' in result ? result.authorizations.flatMap((a) => a.messages) : result.messages;
  const throttled = messages.filter((m) => m.identifier === THROTTLED);
  if (throttled.length > 0) throw new SriThrottled(throttled);
}
