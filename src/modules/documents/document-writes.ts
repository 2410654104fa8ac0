/**
 * Every write to the `documents` table happens here or in this module's services: submission,
 * delivery and billing call these functions (test/documents/ownership.test.ts checks that no
 * other module writes it). Each runs in the caller's transaction and stamps `updated_at`.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { rowFromSql } from '../../db/sql-rows.js';
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
 * `along`: the caller's own writes (each an `insert`/`update`, e.g. the submission's answers), run
 * as CTEs of the same statement. `current`: the row as it is now, when the caller holds it locked
 * (the statement then returns only the id, not the row's XML and JSON back: the updated row is
 * `current` with the columns set here, nothing else writes on update).
 */
export async function markAuthorized(
  tx: Executor,
  documentId: string,
  authorization: { number: string; date: Date; xml: string },
  now: Date,
  along: SQL[] = [],
  current?: DocumentRow,
): Promise<DocumentRow> {
  if (along.length > 0) {
    const ctes = along.map(
      (q, i) => sql`${sql.raw(i === 0 ? 'with' : ',')} ${sql.raw(`along${i}`)} as (${q})`,
    );
    const iso = now.toISOString();
    const { rows } = await tx.execute<Record<string, unknown>>(sql`${sql.join(ctes, sql` `)}
      update documents set status = 'AUTHORIZED', authorization_number = ${authorization.number},
        authorization_date = ${authorization.date.toISOString()}::timestamptz,
        authorized_xml = ${authorization.xml}, updated_at = ${iso}::timestamptz
      where id = ${documentId}::uuid returning ${current ? sql`id` : sql`*`}`);
    if (!rows[0]) throw new Error(`document ${documentId} not found`);
    if (!current) return rowFromSql(documents, rows[0]);
    return {
      ...current,
      status: 'AUTHORIZED',
      authorizationNumber: authorization.number,
      authorizationDate: authorization.date,
      authorizedXml: authorization.xml,
      updatedAt: now,
    };
  }
  return update(
    tx,
    documentId,
    {
      status: 'AUTHORIZED',
      authorizationNumber: authorization.number,
      authorizationDate: authorization.date,
      authorizedXml: authorization.xml,
    },
    now,
  );
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

/** The newest email of the document was handed to the mail server. */
export async function markEmailSent(tx: Executor, documentId: string, at: Date): Promise<void> {
  await update(tx, documentId, { emailStatus: 'SENT', emailSentAt: at }, at);
}

/** The newest email of the document failed for good. */
export async function markEmailFailed(tx: Executor, documentId: string, at: Date): Promise<void> {
  await update(tx, documentId, { emailStatus: 'FAILED' }, at);
}
