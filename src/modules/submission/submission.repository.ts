import { Type } from '@sinclair/typebox';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SriMessage } from '../../adapters/sri/index.js';
import { changeThen } from '../../db/change-then.js';
import type { Executor } from '../../db/pool.js';
import { rowFromSql, selectColumns } from '../../db/sql-rows.js';
import { executorOf, type UnitOfWork, type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { enqueue, JobId } from '../../jobs/queue.js';
import { uuidv7 } from '../../shared/ids.js';
import { type DocumentRow, documentEventInsert, documents } from '../documents/index.js';
import {
  documentSubmissions,
  type OperationType,
  type SubmissionRow,
  sriResponses,
} from './submission.tables.js';

/** The one job that moves a document through the tax authority (submission and authorization). */
/** The payload of PROCESS_JOB, checked when the job runs. */
export const PROCESS_PAYLOAD = { version: 1, payload: Type.Object({ documentId: JobId }) };
export const PROCESS_JOB = 'submission:process';
export const SWEEP_JOB = 'submission:sweep';

/**
 * One job key per document: a newer request replaces a pending job instead of adding a second one,
 * and the advisory lock of the same name keeps two runs of it from overlapping.
 */
export function documentJobKey(documentId: string): string {
  return `sri:${documentId}`;
}

// Our own rescheduling retries SRI failures; these attempts only cover crashes and the database.
const PROCESS_MAX_ATTEMPTS = 25;

export interface QueueOptions {
  delayMs?: number;
  /** Keep an already pending job's time (a busy document must not undo a backoff). */
  keepPendingTime?: boolean;
}

/** The document's next step, queued now or at the flush of a unit of work. */
export async function queueProcessing(to: WriteTarget, documentId: string, opts: QueueOptions = {}) {
  await enqueue(
    to,
    PROCESS_JOB,
    PROCESS_PAYLOAD,
    { documentId },
    {
      jobKey: documentJobKey(documentId),
      delayMs: opts.delayMs ?? 0,
      jobKeyMode: opts.keepPendingTime ? 'preserve_run_at' : 'replace',
      maxAttempts: PROCESS_MAX_ATTEMPTS,
    },
  );
}

/**
 * The afterCreate work of a batch of new documents, at the flush of the creation's unit of work:
 * their submission rows (one insert) and their jobs (`queueProcessing`, added with the other jobs
 * of the flush in one `add_jobs`; docs/creates.md).
 */
export async function startSubmissions(
  uow: UnitOfWork,
  docs: Pick<DocumentRow, 'id' | 'tenantId' | 'environment'>[],
  now: Date,
): Promise<void> {
  const rows = docs.map((d) => ({ document_id: d.id, tenant_id: d.tenantId, environment: d.environment }));
  uow.write(sql`
      insert into document_submissions (document_id, tenant_id, environment, consecutive_retries, build, updated_at)
      select r.document_id, r.tenant_id, r.environment, 0, 0, ${now.toISOString()}::timestamptz
        from json_populate_recordset(null::document_submissions, ${JSON.stringify(rows)}::json) r
      on conflict do nothing`);
  for (const d of docs) await queueProcessing(uow, d.id);
}

export interface DocumentState {
  doc: DocumentRow;
  sub: SubmissionRow;
  /** The tenant's language, when the read had it (`tryLockAndLoadState`). */
  language?: 'es' | 'en' | null;
  /**
   * The version of the document's row that was read (its `xmin`: every update writes a new
   * one), so that `relockState` can tell it is still the same without reading it again.
   */
  version?: string;
}

/**
 * The state's select list: the document under `d` (and its row version), its submission row
 * under `s` (src/db/sql-rows.ts).
 */
function stateColumns(): SQL {
  return sql`${selectColumns(documents, 'd', 'd_')}, d.xmin::text as d_version,
    ${selectColumns(documentSubmissions, 's', 's_')}`;
}

/** A row of `stateColumns`, or null when the document (or its submission row) was not there. */
function stateFrom(raw: Record<string, unknown> | undefined): DocumentState | null {
  if (!raw || raw.d_id === null || raw.s_document_id === null) return null;
  return {
    doc: rowFromSql(documents, raw, 'd_'),
    sub: rowFromSql(documentSubmissions, raw, 's_'),
    version: raw.d_version as string,
  };
}

/**
 * `loadState(tx, id, now, true)` for a state read earlier (`seen`): both rows locked, the
 * submission row read again, and the document read again only when its row is no longer the
 * version `seen` read (its text columns, the signed and authorized XML, are most of its bytes).
 */
export async function relockState(
  tx: Executor,
  seen: DocumentState,
  now: Date,
): Promise<DocumentState | null> {
  if (seen.version === undefined) return loadState(tx, seen.doc.id, now, true);
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select d.xmin::text as d_version, ${selectColumns(documentSubmissions, 's', 's_')}
    from documents d join document_submissions s on s.document_id = d.id
    where d.id = ${seen.doc.id}::uuid for update`);
  const raw = rows[0];
  if (raw && raw.d_version === seen.version)
    return { doc: seen.doc, sub: rowFromSql(documentSubmissions, raw, 's_'), version: seen.version };
  return loadState(tx, seen.doc.id, now, true);
}

/**
 * The document and its submission row in one query, both locked with `lock` (created when
 * missing, e.g. documents older than 0200).
 */
export async function loadState(
  exec: Executor,
  documentId: string,
  now: Date,
  lock = false,
): Promise<DocumentState | null> {
  const { rows } = await exec.execute<Record<string, unknown>>(sql`
    select ${stateColumns()} from documents d join document_submissions s on s.document_id = d.id
    where d.id = ${documentId}::uuid ${lock ? sql`for update` : sql``}`);
  const state = stateFrom(rows[0]);
  if (state) return state;
  const [doc] = await exec.select().from(documents).where(eq(documents.id, documentId));
  if (!doc) return null;
  await insertSubmissionState(exec, doc, now);
  const subQuery = exec
    .select()
    .from(documentSubmissions)
    .where(eq(documentSubmissions.documentId, documentId));
  const [sub] = lock ? await subQuery.for('update') : await subQuery;
  return { doc, sub: sub! };
}

/**
 * The document's session advisory lock (`key`) tried and, when taken, the document and its
 * submission row read, in one statement (`offset 0` keeps the lock's subquery from being pulled
 * up, so it runs exactly once). The read's snapshot is taken when the statement starts, before
 * the lock: it may miss what the lock's previous holder committed just before releasing it, e.g.
 * its in-flight mark. That is safe because no decision rests on it alone: `markSendInFlight`
 * re-checks in a statement of its own (a fresh snapshot, after the lock) that no send is in
 * flight, and every answer is recorded after a re-read `for update`. The tenant's language comes
 * with it, for the hooks of an authorization (its buyer email), which would read it again.
 */
export async function tryLockAndLoadState(
  exec: Executor,
  key: string,
  documentId: string,
  now: Date,
): Promise<{ locked: false } | { locked: true; state: DocumentState | null }> {
  const { rows } = await exec.execute<Record<string, unknown>>(sql`
    select l.ok, ${stateColumns()}, (select t.language from tenants t where t.id = d.tenant_id) as language
    from (select pg_try_advisory_lock(hashtextextended(${key}, 0)) as ok offset 0) l
    left join documents d on l.ok and d.id = ${documentId}::uuid
    left join document_submissions s on s.document_id = d.id`);
  const row = rows[0];
  if (!row?.ok) return { locked: false };
  const state = stateFrom(row);
  if (state) return { locked: true, state: { ...state, language: row.language as 'es' | 'en' | null } };
  return { locked: true, state: await loadState(exec, documentId, now) };
}

/**
 * The mark that a send is under way, set only while the document is still the SIGNED build
 * `state` saw and no send is in flight (false when it moved on, or when `state` was read before
 * another run's mark: see `tryLockAndLoadState`), with its SENT_TO_SRI event, in one statement
 * sent outside any transaction (atomic on its own: one round trip). Committed before the call: a
 * crash between the call and the record of its answer leaves it set, and the next run asks
 * instead of sending.
 */
export async function markSendInFlight(db: Executor, state: DocumentState, at: Date): Promise<boolean> {
  const { id } = state.doc;
  const iso = at.toISOString();
  return changeThen(
    db,
    sql`update document_submissions set reception_in_flight_since = ${iso}::timestamptz, updated_at = ${iso}::timestamptz
    where document_id = ${id}::uuid and build = ${state.sub.build} and reception_in_flight_since is null
      and exists (select 1 from documents where id = ${id}::uuid and status = 'SIGNED')
    returning document_id`,
    (changed) => documentEventInsert(state.doc, 'SENT_TO_SRI', { build: state.sub.build }, at, changed),
  );
}

export async function insertSubmissionState(
  tx: Executor,
  doc: Pick<DocumentRow, 'id' | 'tenantId' | 'environment'>,
  now: Date,
): Promise<void> {
  await tx
    .insert(documentSubmissions)
    .values({
      documentId: doc.id,
      tenantId: doc.tenantId,
      environment: doc.environment,
      consecutiveRetries: 0,
      build: 0,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

export type SubmissionChanges = Partial<
  Pick<
    SubmissionRow,
    'receptionInFlightSince' | 'consecutiveRetries' | 'lastFailureStatus' | 'lastFailureAt' | 'build'
  >
>;

/**
 * Sent now, or at the flush of a unit of work: there, at most one write of the row per flush (two
 * updates of one row in one statement would apply only one).
 */
export async function updateSubmission(
  to: WriteTarget,
  documentId: string,
  changes: SubmissionChanges,
  now: Date,
): Promise<void> {
  await writeTo(
    to,
    executorOf(to)
      .update(documentSubmissions)
      .set({ ...changes, updatedAt: now })
      .where(eq(documentSubmissions.documentId, documentId)),
  );
}

/**
 * A rebuilt document starts afresh: no send in flight, no failures, and a new build number, so
 * authorization entries of the refused XML no longer describe it.
 */
export async function startNewBuild(tx: Executor, documentId: string, now: Date): Promise<number> {
  const [row] = await tx
    .update(documentSubmissions)
    .set({
      build: sql`${documentSubmissions.build} + 1`,
      receptionInFlightSince: null,
      consecutiveRetries: 0,
      lastFailureStatus: null,
      lastFailureAt: null,
      updatedAt: now,
    })
    .where(eq(documentSubmissions.documentId, documentId))
    .returning({ build: documentSubmissions.build });
  return row!.build;
}

export async function recordSriResponse(
  to: WriteTarget,
  doc: Pick<DocumentRow, 'id' | 'tenantId' | 'environment'>,
  operationType: OperationType,
  status: string,
  messages: SriMessage[] | null,
  at: Date,
): Promise<void> {
  await recordSriResponses(to, doc, [{ operationType, status, messages, at }]);
}

/**
 * Several answers about one document in one insert (a reception and the check that followed it),
 * sent now or at the flush of a unit of work.
 */
export async function recordSriResponses(
  to: WriteTarget,
  doc: Pick<DocumentRow, 'id' | 'tenantId' | 'environment'>,
  answers: { operationType: OperationType; status: string; messages: SriMessage[] | null; at: Date }[],
): Promise<void> {
  await writeTo(
    to,
    executorOf(to)
      .insert(sriResponses)
      .values(
        answers.map((a) => ({
          id: uuidv7(a.at.getTime()),
          documentId: doc.id,
          tenantId: doc.tenantId,
          environment: doc.environment,
          operationType: a.operationType,
          status: a.status,
          messages: a.messages,
          createdAt: a.at,
        })),
      ),
  );
}

export async function listSriResponses(db: Executor, documentId: string) {
  return db
    .select()
    .from(sriResponses)
    .where(eq(sriResponses.documentId, documentId))
    .orderBy(desc(sriResponses.createdAt), desc(sriResponses.id));
}

/** Documents of a tenant's environment whose last attempt failed at transport level. */
export async function failedDocumentIds(
  db: Executor,
  tenantId: string,
  environment: 'sandbox' | 'production',
): Promise<string[]> {
  const rows = await db
    .select({ id: documentSubmissions.documentId })
    .from(documentSubmissions)
    .innerJoin(documents, eq(documents.id, documentSubmissions.documentId))
    .where(
      and(
        eq(documentSubmissions.tenantId, tenantId),
        eq(documentSubmissions.environment, environment),
        sql`${documentSubmissions.lastFailureStatus} is not null`,
        sql`${documents.status} in ('SIGNED', 'RECEIVED')`,
      ),
    );
  return rows.map((r) => r.id);
}
