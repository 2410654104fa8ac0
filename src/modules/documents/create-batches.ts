/**
 * Group commit of creates (docs/creates.md). Concurrent creates of one counter (issuer, type,
 * environment) queue here; while a batch is in its transaction the next requests gather, and the
 * next batch takes them all: one issuer read, one counter claim for N numbers, one insert of N
 * documents and events, one insert of N submissions with one add_jobs, one commit. Each request
 * still gets its own answer: a document that fails its rules fails alone, and a batch that fails
 * as a whole is run again one request at a time, so no request fails for another's error.
 */
import type { Executor } from '../../db/pool.js';
import { inUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import { type Clock, ddMmYyyyToIso, ecuadorDate } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope } from '../../shared/scope.js';
import {
  claimSequentials,
  lockSequentialCounter,
  MAX_SEQUENTIAL,
  readIssuerForCreate,
  readSealedCertificate,
  type SigningKeyCache,
} from '../issuers/index.js';
import {
  initialEmailStatus,
  insertCreatedDocuments,
  lockAndFindIdempotent,
  type NewDocument,
  type SummaryRow,
} from './documents.repository.js';
import type { DocumentRow } from './documents.tables.js';
import { assertIssuable, buildVersion, computeContent, issuerSnapshot, newHeader } from './pipeline.js';
import type { Quota } from './quota.js';
import { type DocumentBody, definitionOf } from './types/registry.js';

/**
 * Work other modules add to the creation of a batch of documents (the lifecycle queues their
 * submission), in its unit of work: flushed with the documents' insert before the commit.
 */
export type AfterCreateHook = (
  uow: UnitOfWork,
  docs: Pick<DocumentRow, 'id' | 'tenantId' | 'environment'>[],
  now: Date,
) => Promise<void>;

export interface CreateRequest {
  scope: IssuerScope;
  body: DocumentBody;
  /** requestHash(body): what an Idempotency-Key replay compares. */
  hash: string;
  idempotencyKey: string | undefined;
}

/** A created document as the create route answers it, or the id and view of a replayed one. */
export type CreateOutcome<V> =
  | { ok: true; created: boolean; documentId: string; row: V }
  | { ok: false; error: unknown };

interface Pending extends CreateRequest {
  settle(outcome: CreateOutcome<SummaryRow>): void;
}

/** At most this many creates share a transaction (its JSON parameters stay a few MB). */
const MAX_BATCH = 200;

/** How long a counter whose claim was lost is numbered under its lock first. */
const CONTENDED_MS = 2000;

/** The counter moved between the batch's read and its claim: numbered again under the row lock. */
class CounterMoved extends Error {}

export function createBatches(deps: {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
  quota: Quota;
  afterCreate: AfterCreateHook[];
}) {
  const queues = new Map<string, Pending[]>();
  /**
   * Counters whose claim was lost lately (another process issues on them too), until when: their
   * batches read the counter under its lock first, instead of signing twice on most batches.
   */
  const contended = new Map<string, number>();

  async function drain(key: string, queue: Pending[]): Promise<void> {
    while (queue.length > 0) {
      // One request per Idempotency-Key in a batch: a second one waits for the next batch, where it
      // finds the first one's document (replay or conflict) or, if that failed, creates its own.
      const batch: Pending[] = [];
      const keys = new Set<string>();
      for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
        const p = queue[i]!;
        if (p.idempotencyKey !== undefined && keys.has(p.idempotencyKey)) {
          i++;
          continue;
        }
        if (p.idempotencyKey !== undefined) keys.add(p.idempotencyKey);
        batch.push(p);
        queue.splice(i, 1);
      }
      const until = contended.get(key);
      const locked = until !== undefined && until > performance.now();
      if (until !== undefined && !locked) contended.delete(key);
      await runBatch(batch, locked, key);
    }
    queues.delete(key);
  }

  async function runBatch(batch: Pending[], locked: boolean, key: string): Promise<void> {
    let outcomes: CreateOutcome<SummaryRow>[];
    try {
      outcomes = await attempt(batch, locked);
    } catch (error) {
      if (error instanceof CounterMoved) {
        contended.set(key, performance.now() + CONTENDED_MS);
        return runBatch(batch, true, key);
      }
      if (batch.length === 1) {
        batch[0]!.settle({ ok: false, error });
        return;
      }
      // Whatever failed the batch as a whole (a quota reached within it, a lost race on a key,
      // the database), each request is run alone and gets its own answer.
      for (const p of batch) await runBatch([p], locked, key);
      return;
    }
    for (const [i, p] of batch.entries()) p.settle(outcomes[i]!);
  }

  /**
   * One transaction for the batch. Lock order, the same for every batch: the issuer (share), the
   * Idempotency-Keys (sorted), the counter, the tenant's quota row. Numbers are read without a
   * lock and claimed after signing (`locked` false), or read under the counter's row lock after a
   * lost claim (`locked` true). Either way they are taken in the transaction that inserts the
   * documents: a rollback gives them all back, so no failure leaves a gap.
   */
  async function attempt(batch: Pending[], locked: boolean): Promise<CreateOutcome<SummaryRow>[]> {
    const { tenantId, issuerId, environment } = batch[0]!.scope;
    const documentType = batch[0]!.body.documentType;
    const counter = { issuerId, documentType, environment };
    const def = definitionOf(documentType);
    const now = deps.clock.now();
    const outcomes: (CreateOutcome<SummaryRow> | undefined)[] = batch.map(() => undefined);
    // The documents, their events, submissions and jobs are written by the unit of work's flush,
    // one statement before the commit (src/db/unit-of-work.ts).
    return inUnitOfWork(deps.db, (uow) => createIn(uow));
    async function createIn(uow: UnitOfWork): Promise<CreateOutcome<SummaryRow>[]> {
      const { tx } = uow;
      const read = await readIssuerForCreate(
        tx,
        { tenantId, issuerId, documentType, environment },
        deps.keyCache.cachedFingerprint(issuerId),
      );
      const keys = batch.flatMap((p) => (p.idempotencyKey === undefined ? [] : [p.idempotencyKey]));
      if (keys.length > 0) {
        const existing = await lockAndFindIdempotent(tx, tenantId, environment, keys);
        batch.forEach((p, i) => {
          const row = p.idempotencyKey === undefined ? undefined : existing.get(p.idempotencyKey);
          if (row) outcomes[i] = replayOf(row, p.hash);
        });
      }
      const open = batch.flatMap((_, i) => (outcomes[i] ? [] : [i]));
      if (open.length === 0) return outcomes as CreateOutcome<SummaryRow>[];
      assertIssuable(read?.issuer, documentType);
      let issuer = read!.issuer;
      if (issuer.certP12 === null && deps.keyCache.cachedFingerprint(issuerId) !== issuer.certFingerprint)
        issuer = { ...issuer, ...(await readSealedCertificate(tx, issuerId)) };
      const cert = deps.keyCache.get(issuer);
      const snapshot = issuerSnapshot(issuer);
      const today = ecuadorDate(now);
      const computed: { i: number; content: { issueDate: string } }[] = [];
      for (const i of open) {
        try {
          computed.push({
            i,
            content: computeContent(def, batch[i]!.body, { today, environment, issuer: snapshot }),
          });
        } catch (error) {
          outcomes[i] = { ok: false, error };
        }
      }
      const base = locked ? await lockSequentialCounter(tx, counter) : read!.current;
      let last = base;
      const docs: (NewDocument & { i: number })[] = [];
      for (const { i, content } of computed) {
        if (last >= MAX_SEQUENTIAL) {
          outcomes[i] = { ok: false, error: sequentialExhausted(environment, documentType) };
          continue;
        }
        const p = batch[i]!;
        try {
          const header = newHeader({
            documentType,
            environment,
            issuer,
            sequential: last + 1,
            issueDate: content.issueDate,
          });
          const version = buildVersion(def, header, content, cert, now);
          docs.push({
            i,
            id: uuidv7(now.getTime()),
            tenantId,
            issuerId,
            environment,
            documentType,
            accessKey: header.accessKey,
            sequential: last + 1,
            issueDate: ddMmYyyyToIso(header.issueDate),
            ...version.columns,
            model: version.model,
            request: p.body as Record<string, unknown>,
            idempotencyKey: p.idempotencyKey ?? null,
            requestHash: p.hash,
            signedXml: version.signedXml,
            certFingerprint: version.certFingerprint,
          });
          last++;
        } catch (error) {
          // Its number was not used: the next document of the batch takes it.
          outcomes[i] = { ok: false, error };
        }
      }
      if (docs.length === 0) return outcomes as CreateOutcome<SummaryRow>[];
      if (!(await claimSequentials(tx, counter, base, last))) throw new CounterMoved();
      if (environment === 'production') await deps.quota.consume(tx, tenantId, docs.length);
      insertCreatedDocuments(uow, docs, now);
      for (const hook of deps.afterCreate) await hook(uow, docs, now);
      for (const d of docs) {
        outcomes[d.i] = {
          ok: true,
          created: true,
          documentId: d.id,
          row: {
            accessKey: d.accessKey,
            documentType: d.documentType,
            sequential: d.sequential,
            status: 'SIGNED',
            issueDate: d.issueDate,
            total: d.total,
            authorizationNumber: null,
            authorizationDate: null,
            emailStatus: initialEmailStatus(d.buyerEmail),
            emailSentAt: null,
            buyerIdType: d.buyerIdType,
            buyerId: d.buyerId,
            buyerName: d.buyerName,
          },
        };
      }
      return outcomes as CreateOutcome<SummaryRow>[];
    }
  }

  return {
    /** Queues a create with the others of its counter; resolves with its own outcome once committed. */
    submit(request: CreateRequest): Promise<CreateOutcome<SummaryRow>> {
      const key = `${request.scope.tenantId}|${request.scope.issuerId}|${request.scope.environment}|${request.body.documentType}`;
      return new Promise((resolve) => {
        const pending: Pending = { ...request, settle: resolve };
        const queue = queues.get(key);
        if (queue) {
          queue.push(pending);
          return;
        }
        const fresh = [pending];
        queues.set(key, fresh);
        void drain(key, fresh);
      });
    },
  };
}

function replayOf(
  existing: SummaryRow & { id: string; requestHash: string },
  hash: string,
): CreateOutcome<SummaryRow> {
  if (existing.requestHash !== hash) {
    return {
      ok: false,
      error: new AppError('CONFLICT', 'This Idempotency-Key was already used with a different payload'),
    };
  }
  return { ok: true, created: false, documentId: existing.id, row: existing };
}

function sequentialExhausted(environment: string, documentType: string): AppError {
  return new AppError(
    'CONFLICT',
    `The ${environment} sequential of document type ${documentType} reached ${MAX_SEQUENTIAL}; use another issue point`,
  );
}
