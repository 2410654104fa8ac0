import type { Logger } from 'pino';
import {
  type AuthorizationEntry,
  type AuthorizationResult,
  authorizationXml,
  type SriClient,
  type SriMessage,
} from '../../adapters/sri/index.js';
import type { Executor } from '../../db/pool.js';
import { inUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../shared/clock.js';
import { markAuthorized, markReceived, markRefused, recordDocumentEvent } from '../documents/index.js';
import { pollDelayMs, retryDelayMs, TRANSPORT_RETRY_BASE_MS } from './backoff.js';
import type { RefusalOutcome, SubmissionHooks } from './hooks.js';
import {
  type AuthorizationDecision,
  assertNotThrottled,
  authorizationStatus,
  decideAuthorization,
  decideReception,
  SriThrottled,
  transportStatus,
} from './sri-outcomes.js';
import { scheduleFirstVoidCheck } from './sri-void-check.js';
import {
  type DocumentState,
  loadState,
  markSendInFlight,
  queueProcessing,
  recordSriResponse,
  recordSriResponses,
  relockState,
  updateSubmission,
} from './submission.repository.js';
import type { OperationType } from './submission.tables.js';

/**
 * The longest first authorization check the run that sent the document waits for itself; a
 * longer one is a delayed job (docs/pipeline-performance.md).
 */
const IN_RUN_CHECK_MAX_MS = 1000;

export interface ProcessorDeps {
  sri: SriClient;
  clock: Clock;
  hooks: SubmissionHooks;
  /** The base of EN PROCESO polling (SRI_AUTH_CHECK_DELAY_MS). */
  authorizationCheckDelayMs: number;
  /** The first authorization check after RECIBIDA (SRI_AUTH_FIRST_CHECK_MS). */
  firstCheckDelayMs: number;
  log: Logger;
}

/** Back to "answer known": what every recorded answer does to the submission row. */
const SETTLED = {
  receptionInFlightSince: null,
  consecutiveRetries: 0,
  lastFailureStatus: null,
  lastFailureAt: null,
} as const;

/**
 * A send the tax authority received, whose authorization the same job run asks for after
 * `waitMs`, once the document's lock is released: the answer of the reception and the check
 * are then recorded in one transaction.
 */
export interface ReceptionFollowUp {
  /** The document as sent: SIGNED, the send in flight. */
  seen: DocumentState;
  reception: { status: string; messages: SriMessage[]; at: Date };
  via: string;
  waitMs: number;
}

/**
 * One step of a document's way through the tax authority, run by the submission job while it
 * holds the document's lock. SIGNED: send it (asking first for its authorization when an earlier
 * send had no clear answer); RECEIVED: ask for its authorization. Every call writes one
 * sri-response; every state change one document event; anything short of a final state queues
 * the next step. Idempotent: each step re-reads the state, so a repeated run does no harm.
 * A send answered RECIBIDA hands back a `ReceptionFollowUp`: the job releases the lock, waits
 * the first check delay and calls `followUp`, so one run takes a document from SIGNED to
 * AUTHORIZED.
 */
export function createProcessor(deps: ProcessorDeps) {
  const { sri, clock, hooks, log } = deps;

  /** Reloads and locks the state in `tx`; null when a rebuild or another run moved it on meanwhile. */
  async function current(tx: Executor, seen: DocumentState, at: Date): Promise<DocumentState | null> {
    const now = await relockState(tx, seen, at);
    const unchanged = now && now.doc.status === seen.doc.status && now.sub.build === seen.sub.build;
    if (!unchanged) log.info({ documentId: seen.doc.id }, 'document moved on meanwhile; answer dropped');
    return unchanged ? { ...now, language: seen.language ?? null } : null;
  }

  async function submit(exec: Executor, seen: DocumentState): Promise<ReceptionFollowUp | null> {
    // docs/spec-map.md, SRI §2 item 2: before re-sending a document that may already be there, ask for it.
    if (seen.sub.receptionInFlightSince !== null && (await askAuthorization(exec, seen)) !== 'send')
      return null;
    // The mark (and its SENT_TO_SRI event) is committed before the call: a crash between the call and the
    // record of its answer leaves it set, and the next run asks instead of sending blind.
    const markedAt = clock.now();
    if (!(await markSendInFlight(exec, seen, markedAt))) {
      log.info({ documentId: seen.doc.id }, 'document moved on meanwhile; not sent');
      return null;
    }
    const marked: DocumentState = { ...seen, sub: { ...seen.sub, receptionInFlightSince: markedAt } };
    let result: Awaited<ReturnType<SriClient['validate']>>;
    try {
      result = await sri.validate(marked.doc.environment, marked.doc.signedXml);
      assertNotThrottled(result);
    } catch (e) {
      await failed(exec, marked, 'RECEPTION', e);
      return null;
    }
    const decision = decideReception(result);
    const reception = { status: result.status, messages: result.messages, at: clock.now() };
    if (decision.kind === 'received') {
      // After a 43 the authorization is asked at once; else after the first check delay.
      const waitMs = decision.checkNow ? 0 : deps.firstCheckDelayMs;
      if (waitMs <= IN_RUN_CHECK_MAX_MS) return { seen: marked, reception, via: decision.via, waitMs };
    }
    await inUnitOfWork(exec, async (uow) => {
      const at = clock.now();
      const state = await current(uow.tx, marked, at);
      if (!state) return;
      await recordSriResponse(uow, state.doc, 'RECEPTION', result.status, result.messages, at);
      if (decision.kind === 'returned') return refuse(uow, state, 'RETURNED', decision.messages, at);
      await becomeReceived(uow, state, decision.via, at);
      await queueProcessing(uow, state.doc.id, { delayMs: deps.firstCheckDelayMs });
    });
    return null;
  }

  /**
   * The authorization check that follows a RECIBIDA in the same run, without the document's lock:
   * the tax authority holds the document, so no answer here can lead to a second send, and the
   * transaction acts only if the document is still the SIGNED build that was sent.
   */
  async function followUp(exec: Executor, f: ReceptionFollowUp): Promise<void> {
    let result: AuthorizationResult | null = null;
    let error: unknown = null;
    try {
      result = await sri.authorize(f.seen.doc.environment, f.seen.doc.accessKey);
      assertNotThrottled(result);
    } catch (e) {
      if (transportStatus(e) === null) throw e;
      error = e;
    }
    await inUnitOfWork(exec, async (uow) => {
      const at = clock.now();
      const state = await current(uow.tx, f.seen, at);
      if (!state) return;
      const reception = { operationType: 'RECEPTION' as const, ...f.reception };
      if (result === null) {
        await recordSriResponses(uow, state.doc, [reception]);
        await recordFailure(uow, await becomeReceived(uow, state, f.via, at), 'AUTHORIZATION', error, at);
        return;
      }
      const decision = decideAuthorization(result, state.doc.signedXml);
      const messages = decision.kind === 'not-found' ? null : (decision.entry?.messages ?? null);
      const answers = [
        reception,
        { operationType: 'AUTHORIZATION' as const, status: authorizationStatus(decision), messages, at },
      ];
      await recordSriResponses(uow, state.doc, answers);
      if (decision.kind === 'authorized') {
        // Straight from SIGNED to AUTHORIZED: one write of each row (the answers, the settled
        // submission and the document, all at the flush), both events.
        await recordDocumentEvent(uow, state.doc, 'RECEIVED', { via: f.via }, at);
        return authorize(uow, state, decision.entry, at);
      }
      await applyAuthorization(uow, await becomeReceived(uow, state, f.via, at), decision, at);
    });
  }

  /** 'send' only when the tax authority has no record of this build (numeroComprobantes 0). */
  async function askAuthorization(exec: Executor, seen: DocumentState): Promise<'send' | 'done'> {
    let result: Awaited<ReturnType<SriClient['authorize']>>;
    try {
      result = await sri.authorize(seen.doc.environment, seen.doc.accessKey);
      assertNotThrottled(result);
    } catch (e) {
      await failed(exec, seen, 'AUTHORIZATION', e);
      return 'done';
    }
    const decision = decideAuthorization(result, seen.doc.signedXml);
    return inUnitOfWork(exec, async (uow) => {
      const at = clock.now();
      const state = await current(uow.tx, seen, at);
      if (!state) return 'done';
      const messages = decision.kind === 'not-found' ? null : (decision.entry?.messages ?? null);
      await recordSriResponse(uow, state.doc, 'AUTHORIZATION', authorizationStatus(decision), messages, at);
      return applyAuthorization(uow, state, decision, at);
    });
  }

  /** What an authorization answer (already recorded) does to the document. */
  async function applyAuthorization(
    uow: UnitOfWork,
    state: DocumentState,
    decision: AuthorizationDecision,
    at: Date,
  ): Promise<'send' | 'done'> {
    if (decision.kind === 'authorized') return authorize(uow, state, decision.entry, at).then(() => 'done');
    if (decision.kind === 'not-authorized') {
      await refuse(uow, state, 'NOT_AUTHORIZED', decision.entry.messages, at);
      return 'done';
    }
    const signed = state.doc.status === 'SIGNED';
    if (decision.kind === 'not-found' && signed) {
      // Never received: sending again is safe. The retry count stays, so a reception service
      // that keeps failing is still backed off.
      await updateSubmission(uow.tx, state.doc.id, { receptionInFlightSince: null }, at);
      return 'send';
    }
    // EN PROCESO, or not on record yet: poll again later. A SIGNED document the tax authority
    // already holds was received, whatever happened to the answer of its send.
    if (decision.kind === 'pending' && signed) await becomeReceived(uow, state, 'AUTHORIZATION_QUERY', at);
    // Polls count apart from failures: the first EN PROCESO after a failed call waits the base delay.
    const polling = !signed && state.sub.lastFailureStatus === null;
    const retries = (polling ? state.sub.consecutiveRetries : 0) + 1;
    await updateSubmission(
      uow.tx,
      state.doc.id,
      { consecutiveRetries: retries, lastFailureStatus: null, lastFailureAt: null },
      at,
    );
    await queueProcessing(uow, state.doc.id, {
      delayMs: pollDelayMs(retries, deps.authorizationCheckDelayMs),
    });
    return 'done';
  }

  /** No usable answer: record it, keep any in-flight mark, and try again after the backoff. */
  async function failed(exec: Executor, seen: DocumentState, operation: OperationType, error: unknown) {
    if (transportStatus(error) === null) throw error;
    await inUnitOfWork(exec, async (uow) => {
      const at = clock.now();
      const state = await current(uow.tx, seen, at);
      if (state) await recordFailure(uow, state, operation, error, at);
    });
  }

  async function recordFailure(
    uow: UnitOfWork,
    state: DocumentState,
    operation: OperationType,
    error: unknown,
    at: Date,
  ) {
    const status = transportStatus(error)!;
    // Consecutive failures back off together (also across a not-found query and its resend);
    // the first failure after an answer starts again at the base delay.
    const failing = state.sub.lastFailureStatus !== null;
    const retries = (failing ? state.sub.consecutiveRetries : 0) + 1;
    const delayMs = retryDelayMs(retries, TRANSPORT_RETRY_BASE_MS);
    // Error 33 keeps its message; a transport failure has none.
    const messages = error instanceof SriThrottled ? error.messages : null;
    await recordSriResponse(uow, state.doc, operation, status, messages, at);
    await updateSubmission(
      uow.tx,
      state.doc.id,
      { consecutiveRetries: retries, lastFailureStatus: status, lastFailureAt: at },
      at,
    );
    await recordDocumentEvent(
      uow,
      state.doc,
      'ERROR',
      { operation, status, message: (error as Error).message, retryInMs: delayMs },
      at,
    );
    await queueProcessing(uow, state.doc.id, { delayMs });
  }

  async function becomeReceived(
    uow: UnitOfWork,
    state: DocumentState,
    via: string,
    at: Date,
  ): Promise<DocumentState> {
    const doc = await markReceived(uow.tx, state.doc.id, at);
    // Now, not at the flush: a later step of the same unit of work may update the row again.
    await updateSubmission(uow.tx, doc.id, SETTLED, at);
    await recordDocumentEvent(uow, doc, 'RECEIVED', { via }, at);
    return { ...state, doc, sub: { ...state.sub, ...SETTLED } };
  }

  /**
   * The document AUTHORIZED (now: the hooks may read it), its submission settled and its event at
   * the flush (the only write of the submission row in this unit of work), with what the hooks add
   * (email, notification).
   */
  async function authorize(uow: UnitOfWork, state: DocumentState, entry: AuthorizationEntry, at: Date) {
    const { accessKey } = state.doc;
    const parsed = entry.authorizationDate ? new Date(entry.authorizationDate) : null;
    const authorizationDate = parsed && !Number.isNaN(parsed.getTime()) ? parsed : at;
    // Locked and read in this transaction: the row need not come back.
    const doc = await markAuthorized(
      uow.tx,
      state.doc,
      {
        number: entry.authorizationNumber ?? accessKey,
        date: authorizationDate,
        xml: authorizationXml({ ...entry, document: entry.document ?? state.doc.signedXml }, accessKey),
      },
      at,
    );
    await updateSubmission(uow, doc.id, SETTLED, at);
    await recordDocumentEvent(
      uow,
      doc,
      'AUTHORIZED',
      { authorizationNumber: doc.authorizationNumber, authorizationDate: authorizationDate.toISOString() },
      at,
    );
    const known = { language: state.language ?? null };
    for (const hook of hooks.onAuthorized) await hook(uow, doc, at, known);
    await scheduleFirstVoidCheck(uow, doc, at);
  }

  async function refuse(
    uow: UnitOfWork,
    state: DocumentState,
    outcome: RefusalOutcome,
    messages: Parameters<SubmissionHooks['onRefused'][number]>[3],
    at: Date,
  ) {
    const doc = await markRefused(uow.tx, state.doc.id, outcome, at);
    await updateSubmission(uow.tx, doc.id, SETTLED, at);
    await recordDocumentEvent(uow, doc, outcome, { messages }, at);
    for (const hook of hooks.onRefused) await hook(uow.tx, doc, outcome, messages, at);
  }

  /** `step` with the state already read (with the lock: see `tryLockAndLoadState`). */
  async function stepFrom(exec: Executor, state: DocumentState | null): Promise<ReceptionFollowUp | null> {
    if (state?.doc.status === 'SIGNED') return submit(exec, state);
    if (state?.doc.status === 'RECEIVED') await askAuthorization(exec, state);
    // Any other status is final (or waits for a rebuild): nothing to do.
    return null;
  }

  return {
    /** The locked step; a follow-up, when it returns one, is for `followUp` after the lock is released. */
    async step(exec: Executor, documentId: string): Promise<ReceptionFollowUp | null> {
      return stepFrom(exec, await loadState(exec, documentId, clock.now()));
    },
    stepFrom,
    followUp,
  };
}

export type DocumentProcessor = ReturnType<typeof createProcessor>;
