/**
 * Every write to the `documents` table happens here or in this module's services: submission,
 * delivery and billing call these functions (test/documents/ownership.test.ts checks that no
 * other module writes it). Each runs in the caller's transaction and stamps `updated_at`.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { executorOf, type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { ddMmYyyyToIso } from '../../shared/clock.js';
import { type DocumentRow, documents } from './documents.tables.js';
import type { DocumentVersion } from './pipeline.js';

async function update(
  tx: Executor,
  documentId: string,
  changes: Partial<typeof documents.$inferInsert>,
  now: Date,
): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...changes, updatedAt: now })
    .where(eq(documents.id, documentId))
    .returning();
  if (!row) throw new Error(`document ${documentId} not found`);
  return row;
}

/** The tax authority received it (RECIBIDA, or an authorization query found it). */
export function markReceived(tx: Executor, documentId: string, now: Date): Promise<DocumentRow> {
  return update(tx, documentId, { status: 'RECEIVED' }, now);
}

/**
 * AUTORIZADO: the authorization number and date, and the XML as the tax authority returns it.
 * `current` is the row as the caller holds it locked; the updated row (returned) is `current`
 * with the columns set here (nothing else writes on update), so the row's XML and JSON need not
 * come back. Sent now: the transaction's later reads (the outcome's hooks) see it AUTHORIZED.
 */
export async function markAuthorized(
  tx: Executor,
  current: DocumentRow,
  authorization: { number: string; date: Date; xml: string },
  now: Date,
): Promise<DocumentRow> {
  const changes = {
    status: 'AUTHORIZED' as const,
    authorizationNumber: authorization.number,
    authorizationDate: authorization.date,
    authorizedXml: authorization.xml,
    updatedAt: now,
  };
  await tx.update(documents).set(changes).where(eq(documents.id, current.id));
  return { ...current, ...changes };
}

/** DEVUELTA (RETURNED) or NO AUTORIZADO (NOT_AUTHORIZED): waits for a rebuild. */
export function markRefused(
  tx: Executor,
  documentId: string,
  outcome: 'RETURNED' | 'NOT_AUTHORIZED',
  now: Date,
): Promise<DocumentRow> {
  return update(tx, documentId, { status: outcome }, now);
}

/**
 * A rebuilt version replaces the refused one under the same access key: SIGNED again, the
 * authorization of the old XML forgotten. `request` is the body the version was computed from.
 */
export function applyRebuild(
  tx: Executor,
  documentId: string,
  version: DocumentVersion,
  request: Record<string, unknown>,
  now: Date,
): Promise<DocumentRow> {
  return update(
    tx,
    documentId,
    {
      status: 'SIGNED',
      ...version.columns,
      // Unchanged unless the rebuild re-dated the document (pipeline.ts rebuiltVersionInput).
      accessKey: version.model.accessKey,
      issueDate: ddMmYyyyToIso(version.model.issueDate),
      model: version.model,
      request,
      signedXml: version.signedXml,
      signedAt: version.signedAt,
      certFingerprint: version.certFingerprint,
      authorizationNumber: null,
      authorizationDate: null,
      authorizedXml: null,
    },
    now,
  );
}

/** The recipients' email was queued (again): its status goes back to PENDING. */
export async function markEmailQueued(tx: Executor, documentId: string, now: Date): Promise<void> {
  await update(tx, documentId, { emailStatus: 'PENDING' }, now);
}

/**
 * The document's email was handed to the mail server; with `onlyIf` (a boolean SQL expression,
 * e.g. "it is the newest email of the document") only when it holds.
 */
export async function markEmailSent(
  to: WriteTarget,
  documentId: string,
  at: Date,
  onlyIf?: SQL,
): Promise<void> {
  await setEmailStatus(to, documentId, { emailStatus: 'SENT', emailSentAt: at, updatedAt: at }, onlyIf);
}

/** The document's email failed for good; with `onlyIf` as for `markEmailSent`. */
export async function markEmailFailed(
  to: WriteTarget,
  documentId: string,
  at: Date,
  onlyIf?: SQL,
): Promise<void> {
  await setEmailStatus(to, documentId, { emailStatus: 'FAILED', updatedAt: at }, onlyIf);
}

function setEmailStatus(
  to: WriteTarget,
  documentId: string,
  changes: Partial<typeof documents.$inferInsert>,
  onlyIf: SQL | undefined,
): Promise<void> {
  const where = onlyIf ? and(eq(documents.id, documentId), onlyIf) : eq(documents.id, documentId);
  return writeTo(to, executorOf(to).update(documents).set(changes).where(where));
}
