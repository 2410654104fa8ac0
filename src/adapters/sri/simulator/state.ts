import { ecuadorTimestamp } from '../../../shared/clock.js';
import type { ReceptionResult, SriMessage } from '../types.js';
import { type Directives, NO_DIRECTIVES } from './directives.js';
import type { SeededDocument } from './seeds.js';

/**
 * The simulator's memory: every document it has seen, by access key, with each accepted
 * submission (an "attempt") and what the service will decide about it. Memory only; reset()
 * forgets everything.
 */

export type DocumentState = 'EN PROCESO' | 'AUTORIZADO' | 'NO AUTORIZADO';

/** A void requested or done in SRI en línea, set through the control surface (REFERENCE-PURCHASES §5). */
export type VoidingState = 'ANULADO' | 'PENDIENTE DE ANULAR';
export const VOIDING_STATES: readonly VoidingState[] = ['ANULADO', 'PENDIENTE DE ANULAR'];

/** What ConsultaComprobante knows of a key. */
export interface KnownDocument {
  /** EN PROCESO, AUTORIZADO, NO AUTORIZADO, ANULADO or PENDIENTE DE ANULAR. */
  state: DocumentState | VoidingState;
  /** fechaAutorizacion as the services write it; null before a decision. */
  authorizedAt: string | null;
  seeded: boolean;
}

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
  /** What ConsultaComprobante says now (null: no data), including a void set by the control. */
  sriStatus: KnownDocument['state'] | null;
  /** One of the third-party documents the simulator starts with (resources/sri-samples). */
  seeded: boolean;
}

export interface SimulatorStats {
  receptionCalls: number;
  authorizationCalls: number;
  consultaCalls: number;
  recibida: number;
  devuelta: number;
  /** Answers cut off on purpose: injected faults and directives. */
  faults: {
    http500: number;
    timeout: number;
    slow: number;
    drop: number;
    enProceso: number;
    /** Error 33 answers, by fault or by the throttle. */
    throttled: number;
  };
  documents: { total: number; enProceso: number; autorizado: number; noAutorizado: number };
}

export class SimulatorState {
  readonly records = new Map<string, DocumentRecord>();
  /** Sequence key → access key that holds it. */
  readonly sequences = new Map<string, string>();
  counters = freshCounters();
  /** Voids set through the control surface; forgotten on reset(). */
  readonly voiding = new Map<string, VoidingState>();

  constructor(readonly seeded: ReadonlyMap<string, SeededDocument> = new Map()) {}

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
    this.voiding.clear();
    this.counters = freshCounters();
  }

  /** The document's state as the status service reports it; null when nothing was ever accepted for the key. */
  known(accessKey: string, now: number): KnownDocument | null {
    const r = this.records.get(accessKey);
    const attempt = r && (r.attempts.find((a) => attemptState(a, now) === 'AUTORIZADO') ?? r.attempts.at(-1));
    if (attempt) {
      const state = attemptState(attempt, now);
      if (state === 'EN PROCESO') return { state, authorizedAt: null, seeded: false };
      // The same date autorizacionComprobante reports (authorizer.ts fixes it the same way).
      attempt.decidedAt ??= Math.max(attempt.decideAt, attempt.heldAt ?? 0);
      const authorizedAt = ecuadorTimestamp(new Date(attempt.decidedAt));
      if (state === 'NO AUTORIZADO') return { state, authorizedAt, seeded: false };
      return { state: this.voiding.get(accessKey) ?? state, authorizedAt, seeded: false };
    }
    const seed = this.seeded.get(accessKey);
    if (!seed) return null;
    return {
      state: this.voiding.get(accessKey) ?? 'AUTORIZADO',
      authorizedAt: seed.authorizedAt,
      seeded: true,
    };
  }

  snapshot(accessKey: string, now: number): DocumentSnapshot | null {
    const r = this.records.get(accessKey);
    const seed = this.seeded.get(accessKey);
    if (!r && !seed) return null;
    const last = r?.attempts.at(-1);
    const known = this.known(accessKey, now);
    const seededAt = seed && !last ? new Date(seed.authorizedAt).toISOString() : null;
    return {
      accessKey,
      state: last ? attemptState(last, now) : seed ? 'AUTORIZADO' : null,
      attempts: r?.attempts.length ?? 0,
      submissions: r?.submissions ?? 0,
      authorizationQueries: r?.authorizationQueries ?? 0,
      receivedAt: last ? new Date(last.receivedAt).toISOString() : seededAt,
      authorizedAt: last?.decidedAt ? new Date(last.decidedAt).toISOString() : seededAt,
      lastReception: r?.lastReception ?? null,
      sriStatus: known?.state ?? null,
      seeded: known?.seeded ?? false,
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
    consultaCalls: 0,
    recibida: 0,
    devuelta: 0,
    faults: { http500: 0, timeout: 0, slow: 0, drop: 0, enProceso: 0, throttled: 0 },
  };
}

export class SimulatorControlError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The control's "void it in SRI en línea": only an authorized document can be voided or have a void
 * requested; AUTORIZADO takes the request back (the receiver rejected it, or it lapsed).
 */
export function setVoidingState(
  state: SimulatorState,
  accessKey: string,
  status: VoidingState | 'AUTORIZADO',
  now: number,
): DocumentSnapshot {
  const known = state.known(accessKey, now);
  if (known === null) throw new SimulatorControlError(404, 'The simulator has not seen this access key');
  if (known.state !== 'AUTORIZADO' && !(VOIDING_STATES as string[]).includes(known.state)) {
    throw new SimulatorControlError(409, `The document is ${known.state}, not authorized`);
  }
  if (status === 'AUTORIZADO') state.voiding.delete(accessKey);
  else state.voiding.set(accessKey, status);
  return state.snapshot(accessKey, now)!;
}
