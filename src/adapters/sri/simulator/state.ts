import type { ReceptionResult, SriMessage } from '../types.js';
import { type Directives, NO_DIRECTIVES } from './directives.js';

/**
 * The simulator's memory: every document it has seen, by access key, with each accepted
 * submission (an "attempt") and what the service will decide about it. Memory only; reset()
 * forgets everything.
 */

export type DocumentState = 'EN PROCESO' | 'AUTORIZADO' | 'NO AUTORIZADO';

export interface Attempt {
  receivedAt: number;
  /** When the decision becomes visible (receivedAt + authorizationDelayMs). */
  decideAt: number;
  outcome: 'AUTORIZADO' | 'NO AUTORIZADO';
  refusal: SriMessage[];
  signedXml: string;
  ambiente: string;
  /** EN PROCESO answers still owed (directive EN_PROCESO:n). */
  enProcesoOwed: number;
  /** Last EN PROCESO answer forced by a directive or fault: the decision cannot predate it. */
  heldAt: number | null;
  /** Fixed the first time the decision is reported, so later queries repeat the same date. */
  decidedAt: number | null;
}

export interface DocumentRecord {
  accessKey: string;
  /** ambiente|ruc|codDoc|estab|ptoEmi|secuencial, once a submission was read. */
  sequenceKey: string | null;
  attempts: Attempt[];
  directives: Directives;
  /** Reception calls that carried this key, whatever came of them. */
  submissions: number;
  authorizationQueries: number;
  /** Directive budget already spent. */
  spent: { timeout: number; http500Reception: number; http500Authorization: number; perderRespuesta: number };
  lastReception: ReceptionResult | null;
}

export interface DocumentSnapshot {
  accessKey: string;
  /** null when no submission was ever accepted (only refused ones, or none yet). */
  state: DocumentState | null;
  attempts: number;
  submissions: number;
  authorizationQueries: number;
  receivedAt: string | null;
  authorizedAt: string | null;
  lastReception: ReceptionResult | null;
}

export interface SimulatorStats {
  receptionCalls: number;
  authorizationCalls: number;
  recibida: number;
  devuelta: number;
  /** Answers cut off on purpose: injected faults and directives. */
  faults: { http500: number; timeout: number; slow: number; drop: number; enProceso: number };
  documents: { total: number; enProceso: number; autorizado: number; noAutorizado: number };
}

export class SimulatorState {
  readonly records = new Map<string, DocumentRecord>();
  /** Sequence key → access key that holds it. */
  readonly sequences = new Map<string, string>();
  counters = freshCounters();

  record(accessKey: string): DocumentRecord {
    let r = this.records.get(accessKey);
    if (!r) {
      r = {
        accessKey,
        sequenceKey: null,
        attempts: [],
        directives: NO_DIRECTIVES,
        submissions: 0,
        authorizationQueries: 0,
        spent: { timeout: 0, http500Reception: 0, http500Authorization: 0, perderRespuesta: 0 },
        lastReception: null,
      };
      this.records.set(accessKey, r);
    }
    return r;
  }

  reset(): void {
    this.records.clear();
    this.sequences.clear();
    this.counters = freshCounters();
  }

  snapshot(accessKey: string, now: number): DocumentSnapshot | null {
    const r = this.records.get(accessKey);
    if (!r) return null;
    const last = r.attempts.at(-1);
    return {
      accessKey,
      state: last ? attemptState(last, now) : null,
      attempts: r.attempts.length,
      submissions: r.submissions,
      authorizationQueries: r.authorizationQueries,
      receivedAt: last ? new Date(last.receivedAt).toISOString() : null,
      authorizedAt: last?.decidedAt ? new Date(last.decidedAt).toISOString() : null,
      lastReception: r.lastReception,
    };
  }

  stats(now: number): SimulatorStats {
    const documents = { total: 0, enProceso: 0, autorizado: 0, noAutorizado: 0 };
    for (const r of this.records.values()) {
      const last = r.attempts.at(-1);
      if (!last) continue;
      documents.total++;
      const state = attemptState(last, now);
      if (state === 'EN PROCESO') documents.enProceso++;
      else if (state === 'AUTORIZADO') documents.autorizado++;
      else documents.noAutorizado++;
    }
    return { ...this.counters, faults: { ...this.counters.faults }, documents };
  }
}

/** What the service would say now, without spending an EN PROCESO answer. */
export function attemptState(a: Attempt, now: number): DocumentState {
  return a.enProcesoOwed > 0 || now < a.decideAt ? 'EN PROCESO' : a.outcome;
}

function freshCounters(): Omit<SimulatorStats, 'documents'> {
  return {
    receptionCalls: 0,
    authorizationCalls: 0,
    recibida: 0,
    devuelta: 0,
    faults: { http500: 0, timeout: 0, slow: 0, drop: 0, enProceso: 0 },
  };
}
