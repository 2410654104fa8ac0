import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { type DocumentScope, scopeWhere } from './document-reads.js';
import {
  type DocumentRow,
  type DocumentStatus,
  type DocumentTypeCode,
  documentEvents,
  documents,
} from './documents.tables.js';

/** GET /:accessKey/events: what happened to the document, oldest first. */
export async function listDocumentEvents(db: Executor, documentId: string) {
  return db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.createdAt), asc(documentEvents.id));
}

/** AUTHORIZED → VOIDED, only from AUTHORIZED (the caller holds the row lock). */
export async function markVoided(
  tx: Executor,
  documentId: string,
  reason: string,
  now: Date,
): Promise<DocumentRow | null> {
  const [row] = await tx
    .update(documents)
    .set({ status: 'VOIDED', voidReason: reason, voidedAt: now, updatedAt: now })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'AUTHORIZED')))
    .returning();
  return row ?? null;
}

/**
 * Credit notes of the same tenant and environment (any issue point of the taxpayer may issue one)
 * whose numDocModificado and codDocModificado name this document, oldest first.
 */
export async function creditNotesOf(
  db: Executor,
  original: Pick<DocumentRow, 'tenantId' | 'environment' | 'documentType'>,
  number: string,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, original.tenantId),
        eq(documents.environment, original.environment),
        eq(documents.documentType, '04'),
        eq(documents.originalNumber, number),
        eq(documents.originalDocumentType, original.documentType),
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

export interface StatsCell {
  documentType: DocumentTypeCode;
  status: DocumentStatus;
  count: number;
  /** Sum of totals, NUMERIC as text. */
  total: string;
}

/** Counts and sums per (type, status) of the issuer's documents issued between two dates. */
export async function statsCells(
  db: Executor,
  scope: DocumentScope,
  fromIso: string,
  toIso: string,
): Promise<StatsCell[]> {
  const rows = await db
    .select({
      documentType: documents.documentType,
      status: documents.status,
      count: count(),
      total: sql<string>`coalesce(sum(${documents.total}), 0)::text`,
    })
    .from(documents)
    .where(and(scopeWhere(scope), gte(documents.issueDate, fromIso), lte(documents.issueDate, toIso)))
    .groupBy(documents.documentType, documents.status);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
