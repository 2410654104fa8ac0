import { ecuadorTimestamp } from '../../../shared/clock.js';
import { isWellFormedAccessKey } from './access-key.js';
import { sriMessage } from './messages.js';
import type { AuthorizationAnswerEntry } from './responses.js';
import { type Attempt, attemptState, type SimulatorState } from './state.js';

/**
 * autorizacionComprobante: what the service says about a key now. Every accepted submission of the
 * key gets an entry, oldest first, so a document refused and then corrected shows a NO AUTORIZADO
 * entry followed by the new one, as the real service does (ENVELOPES §4f).
 */

export type AuthorizationOutcome =
  | { kind: 'answer'; accessKey: string | null; entries: AuthorizationAnswerEntry[] }
  | { kind: 'http500' };

const AMBIENTE_NAMES: Record<string, string> = { '1': 'PRUEBAS', '2': 'PRODUCCIÓN' };

export function answerAuthorization(
  accessKey: string,
  state: SimulatorState,
  now: number,
  forceEnProceso: boolean,
): AuthorizationOutcome {
  if (!isWellFormedAccessKey(accessKey)) {
    // Shape of §4d: RECHAZADA, message 80, no claveAccesoConsultada.
    const entry: AuthorizationAnswerEntry = {
      status: 'RECHAZADA',
      authorizationNumber: null,
      authorizationDate: null,
      environment: null,
      document: null,
      messages: [{ ...sriMessage('80', null), type: '' }],
    };
    return { kind: 'answer', accessKey: null, entries: [entry] };
  }
  const seed = state.seeded.get(accessKey);
  // Any tenant's document and the seeded third-party ones: the service answers whoever asks.
  const record = state.records.get(accessKey) ?? (seed ? state.record(accessKey) : undefined);
  if (record) record.authorizationQueries++;
  if (!record || record.attempts.length === 0) {
    if (!seed) return { kind: 'answer', accessKey, entries: [] };
    const entry: AuthorizationAnswerEntry = {
      status: 'AUTORIZADO',
      authorizationNumber: accessKey,
      authorizationDate: seed.authorizedAt,
      environment: AMBIENTE_NAMES[seed.ambiente] ?? null,
      document: seed.xml,
      messages: [],
    };
    return { kind: 'answer', accessKey, entries: [entry] };
  }
  if (record.spent.http500Authorization < record.directives.http500) {
    record.spent.http500Authorization++;
    return { kind: 'http500' };
  }
  const entries = record.attempts.map((attempt, i) => {
    const latest = i === record.attempts.length - 1;
    return entryFor(attempt, accessKey, now, latest && forceEnProceso, latest);
  });
  return { kind: 'answer', accessKey, entries };
}

function entryFor(
  a: Attempt,
  accessKey: string,
  now: number,
  forceEnProceso: boolean,
  spendOwed: boolean,
): AuthorizationAnswerEntry {
  const environment = AMBIENTE_NAMES[a.ambiente] ?? null;
  if (forceEnProceso || attemptState(a, now) === 'EN PROCESO') {
    if (forceEnProceso || a.enProcesoOwed > 0) a.heldAt = now;
    if (spendOwed && !forceEnProceso && a.enProcesoOwed > 0) a.enProcesoOwed--;
    return {
      status: 'EN PROCESO',
      authorizationNumber: null,
      authorizationDate: null,
      environment,
      document: null,
      messages: [],
    };
  }
  // The service decided when the delay ran out (or after the last forced EN PROCESO), whenever asked.
  a.decidedAt ??= Math.max(a.decideAt, a.heldAt ?? 0);
  const date = ecuadorTimestamp(new Date(a.decidedAt));
  if (a.outcome === 'AUTORIZADO') {
    return {
      status: 'AUTORIZADO',
      // Offline scheme: the authorization number is the access key (REFERENCE §2 item 1).
      authorizationNumber: accessKey,
      authorizationDate: date,
      environment,
      document: a.signedXml,
      messages: [],
    };
  }
  return {
    status: 'NO AUTORIZADO',
    authorizationNumber: null,
    authorizationDate: date,
    environment,
    document: a.signedXml,
    messages: a.refusal,
  };
}
