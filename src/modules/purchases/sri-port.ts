import {
  type AuthorizationResult,
  authorizationXml,
  pickAuthorization,
  querySriStatus,
  type SriClient,
  SriProtocolError,
  SriTransportError,
} from '../../adapters/sri/index.js';
import { type SignatureVerdict, verifyXadesSignature } from '../../adapters/sri/xades-verify.js';
import { AppError } from '../../shared/errors.js';
import type { Environment } from '../../shared/scope.js';

/** What autorizacionComprobante says of a key someone else issued (REFERENCE-PURCHASES §1). */
type FetchOutcome =
  | {
      kind: 'authorized';
      signedXml: string;
      authorizationNumber: string;
      /** ISO 8601 as given, or null. */
      authorizationDate: string | null;
      /** The answer as the portal serves it (`autorizacion` wrapper), kept as the purchase's XML. */
      authorizationXml: string;
    }
  /** numeroComprobantes 0: not authorized, or a key nobody issued. */
  | { kind: 'unknown' }
  | { kind: 'not-authorized'; status: string; reason: string };

/** ConsultaComprobante's answer (§2): a state, or null when the query itself failed (error 99). */
interface StatusOutcome {
  state: string | null;
  detail: string | null;
}

/** The tax authority as purchases use it: by key, by status, and the signature of a file. */
export interface PurchaseSriPort {
  fetch(environment: Environment, accessKey: string): Promise<FetchOutcome>;
  status(environment: Environment, accessKey: string): Promise<StatusOutcome>;
  verifySignature(signedXml: string): SignatureVerdict;
}

/** Error 33 "Dirección IP sancionada": too many calls (REFERENCE.md §3). */
const THROTTLED_MESSAGE = '33';

function throttled(detail = 'The SRI refused the call for too many requests (error 33); try later') {
  return new AppError('SRI_THROTTLED', detail);
}

/**
 * A transport failure or an answer we cannot read is SRI_UNAVAILABLE (never a state of the
 * document: "a timeout is never a status", §2); anything else is ours and goes up as is.
 */
export function sriFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof SriTransportError || e instanceof SriProtocolError) {
    return new AppError('SRI_UNAVAILABLE', `The SRI did not answer: ${e.message}`);
  }
  throw e;
}

function fetchOutcomeOf(
  result: AuthorizationResult,
  accessKey: string,
  wrap: (entry: NonNullable<ReturnType<typeof pickAuthorization>>) => string,
): FetchOutcome {
  const all = result.authorizations.flatMap((a) => a.messages);
  if (all.some((m) => m.identifier === THROTTLED_MESSAGE)) throw throttled();
  if (result.accessKey !== null && result.accessKey !== accessKey) {
    throw new AppError('SRI_UNAVAILABLE', 'The SRI answered for another access key');
  }
  // Iterate over every entry: an AUTORIZADO one wins over NO AUTORIZADO ones (§1).
  const entry = pickAuthorization(result);
  if (result.count === 0 || entry === null) return { kind: 'unknown' };
  if (entry.status !== 'AUTORIZADO' || !entry.document) {
    const m = entry.messages[0];
    return {
      kind: 'not-authorized',
      status: entry.status,
      reason: m
        ? `${m.identifier} ${m.message}${m.additionalInfo ? ` (${m.additionalInfo})` : ''}`
        : entry.status,
    };
  }
  return {
    kind: 'authorized',
    signedXml: entry.document.trim(),
    authorizationNumber: entry.authorizationNumber ?? accessKey,
    authorizationDate: entry.authorizationDate,
    authorizationXml: wrap(entry),
  };
}

export type { SriClient };

/**
 * The port over our SOAP client (the host is the environment's: the key's ambiente digit, §1).
 * ConsultaComprobante's query errors (99: unknown, out of its date window) are no state; a
 * throttled or silent service is an error the caller retries.
 */
export function createPurchaseSriPort(client: SriClient): PurchaseSriPort {
  return {
    async fetch(_environment, accessKey) {
      const result = await client.authorize(_environment, accessKey);
      return fetchOutcomeOf(result, accessKey, (entry) => authorizationXml(entry, accessKey));
    },
    async status(_environment, accessKey) {
      const s = await querySriStatus(client, accessKey);
      if (s.kind === 'state') return { state: s.rawState, detail: null };
      if (s.kind === 'throttled') throw throttled();
      if (s.kind === 'unavailable')
        throw new AppError('SRI_UNAVAILABLE', `The SRI did not answer: ${s.reason}`);
      return { state: null, detail: s.kind };
    },
    verifySignature: (signedXml) => verifyXadesSignature(signedXml),
  };
}
