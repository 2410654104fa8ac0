/**
 * The transaction of one batch of creates (docs/creates.md): its Idempotency-Keys, its issuer and
 * certificate, each document computed, numbered, built and signed, the numbers claimed, the quota
 * consumed, and the documents with their events and the afterCreate hooks' work written at the
 * unit of work's flush. Lock order, the same for every batch: the issuer (share), the
 * Idempotency-Keys (sorted), the counter, the tenant's quota row.
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
import { initialEmailStatus, insertCreatedDocuments, type NewDocument } from './create-inserts.js';
import type { SummaryRow } from './document-summary.js';
import type { DocumentRow } from './documents.tables.js';
import { lockAndFindIdempotent, replayError } from './idempotency.js';
import { assertIssuable, buildVersion, issuerSnapshot, newHeader } from './pipeline.js';
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

export interface CreateDeps {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
  quota: Quota;
  afterCreate: AfterCreateHook[];
}

type Outcome = CreateOutcome<SummaryRow>;

/** The counter moved between the batch's read and its claim: numbered again under the row lock. */
export class CounterMoved extends Error {}

/**
 * One transaction for the batch, an outcome per request. Numbers are read without a lock and
 * claimed after signing (`locked` false), or read under the counter's row lock after a lost claim
 * (`locked` true). Either way they are taken in the transaction that inserts the documents: a
 * rollback gives them all back, so no failure leaves a gap.
 */
export function createBatch(deps: CreateDeps, batch: CreateRequest[], locked: boolean): Promise<Outcome[]> {
  return inUnitOfWork(deps.db, (uow) => createIn(deps, uow, batch, locked));
}

async function createIn(
  deps: CreateDeps,
  uow: UnitOfWork,
  batch: CreateRequest[],
  locked: boolean,
): Promise<Outcome[]> {
  const { tx } = uow;
  const { tenantId, issuerId, environment } = batch[0]!.scope;
  const documentType = batch[0]!.body.documentType;
  const now = deps.clock.now();
  const read = await readIssuerForCreate(
    tx,
    { tenantId, issuerId, documentType, environment },
    deps.keyCache.cachedFingerprint(issuerId),
  );
  const outcomes = await replays(uow, batch);
  const open = batch.flatMap((_, i) => (outcomes[i] ? [] : [i]));
  if (open.length === 0) return outcomes as Outcome[];
  assertIssuable(read?.issuer, documentType);
  let issuer = read!.issuer;
  if (issuer.certP12 === null && deps.keyCache.cachedFingerprint(issuerId) !== issuer.certFingerprint)
    issuer = { ...issuer, ...(await readSealedCertificate(tx, issuerId)) };
  const cert = deps.keyCache.get(issuer);
  const def = definitionOf(documentType);
  const ctx = { today: ecuadorDate(now), environment, issuer: issuerSnapshot(issuer) };
  // Each request's rules first: one that fails them gets its error and takes no number.
  const computed: Computed[] = [];
  for (const i of open) {
    try {
      computed.push({ i, content: def.compute(batch[i]!.body as never, ctx) });
    } catch (error) {
      outcomes[i] = { ok: false, error };
    }
  }
  const counter = { issuerId, documentType, environment };
  const base = locked ? await lockSequentialCounter(tx, counter) : read!.current;
  const docs = numbered(batch, computed, outcomes, { scope: batch[0]!.scope, issuer, cert, base, now });
  if (docs.length === 0) return outcomes as Outcome[];
  if (!(await claimSequentials(tx, counter, base, base + docs.length))) throw new CounterMoved();
  if (environment === 'production') await deps.quota.consume(tx, tenantId, docs.length);
  insertCreatedDocuments(uow, docs, now);
  for (const hook of deps.afterCreate) await hook(uow, docs, now);
  for (const d of docs) outcomes[d.i] = { ok: true, created: true, documentId: d.id, row: createdRow(d) };
  return outcomes as Outcome[];
}

/** The requests whose Idempotency-Key already has a document: replayed (or 409), after the keys' locks. */
async function replays(uow: UnitOfWork, batch: CreateRequest[]): Promise<(Outcome | undefined)[]> {
  const outcomes: (Outcome | undefined)[] = batch.map(() => undefined);
  const keys = batch.flatMap((p) => (p.idempotencyKey === undefined ? [] : [p.idempotencyKey]));
  if (keys.length === 0) return outcomes;
  const { tenantId, environment } = batch[0]!.scope;
  const existing = await lockAndFindIdempotent(uow.tx, tenantId, environment, keys);
  batch.forEach((p, i) => {
    const row = p.idempotencyKey === undefined ? undefined : existing.get(p.idempotencyKey);
    if (!row) return;
    const error = replayError(row, p.hash);
    outcomes[i] = error ? { ok: false, error } : { ok: true, created: false, documentId: row.id, row };
  });
  return outcomes;
}

type Issuer = Parameters<typeof issuerSnapshot>[0] & Parameters<typeof newHeader>[0]['issuer'];

type Computed = { i: number; content: { issueDate: string } };

/**
 * The computed requests numbered from `base + 1` on, built and signed. One whose build or
 * signature fails gets its error as its outcome and does not use a number: the next takes it.
 */
function numbered(
  batch: CreateRequest[],
  computed: Computed[],
  outcomes: (Outcome | undefined)[],
  at: {
    scope: IssuerScope;
    issuer: Issuer;
    cert: Parameters<typeof buildVersion>[3];
    base: number;
    now: Date;
  },
): (NewDocument & { i: number })[] {
  const { tenantId, issuerId, environment } = at.scope;
  const documentType = batch[0]!.body.documentType;
  const def = definitionOf(documentType);
  const docs: (NewDocument & { i: number })[] = [];
  for (const { i, content } of computed) {
    const p = batch[i]!;
    const sequential = at.base + docs.length + 1;
    if (sequential > MAX_SEQUENTIAL) {
      outcomes[i] = { ok: false, error: sequentialExhausted(environment, documentType) };
      continue;
    }
    try {
      const header = newHeader({
        documentType,
        environment,
        issuer: at.issuer,
        sequential,
        issueDate: content.issueDate,
      });
      const version = buildVersion(def, header, content, at.cert, at.now);
      docs.push({
        i,
        id: uuidv7(at.now.getTime()),
        tenantId,
        issuerId,
        environment,
        documentType,
        accessKey: header.accessKey,
        sequential,
        issueDate: ddMmYyyyToIso(header.issueDate),
        ...version.columns,
        model: version.model,
        request: p.body as Record<string, unknown>,
        idempotencyKey: p.idempotencyKey ?? null,
        requestHash: p.hash,
        signedXml: version.signedXml,
        certFingerprint: version.certFingerprint,
      });
    } catch (error) {
      outcomes[i] = { ok: false, error };
    }
  }
  return docs;
}

/** What a create answers, from what it inserted (no read back). */
function createdRow(d: NewDocument): SummaryRow {
  return {
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
  };
}

function sequentialExhausted(environment: string, documentType: string): AppError {
  return new AppError(
    'CONFLICT',
    `The ${environment} sequential of document type ${documentType} reached ${MAX_SEQUENTIAL}; use another issue point`,
  );
}
