import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { ecuadorTimestamp, isoToDdMmYyyy } from '../../shared/clock.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope } from '../../shared/scope.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import { documentLinks } from './document-links.js';
import type { ListQueryT } from './documents.schemas.js';
import { type DocumentRow, documentEvents, documents } from './documents.tables.js';

/** Where a document request is scoped: the caller's tenant, the X-Issuer-Id issuer, the key's environment. */
export type DocumentScope = IssuerScope;

export function scopeWhere(scope: DocumentScope): SQL {
  return and(
    eq(documents.tenantId, scope.tenantId),
    eq(documents.issuerId, scope.issuerId),
    eq(documents.environment, scope.environment),
  )!;
}

export async function findByAccessKey(
  db: Executor,
  scope: DocumentScope,
  accessKey: string,
  lock = false,
): Promise<DocumentRow | null> {
  const q = db
    .select()
    .from(documents)
    .where(and(scopeWhere(scope), eq(documents.accessKey, accessKey)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findByIdempotencyKey(
  db: Executor,
  tenantId: string,
  environment: string,
  key: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, tenantId),
        eq(documents.environment, environment as 'sandbox'),
        eq(documents.idempotencyKey, key),
      ),
    );
  return row ?? null;
}

function likeEscape(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORT_COLUMNS = {
  sequential: documents.sequential,
  buyerName: documents.buyerName,
  issueDate: documents.issueDate,
  status: documents.status,
} as const;

/** The list's filters (docs/spec-map.md), AND-combined, within the scope; the CSV export reads the same. */
export function listWhere(scope: DocumentScope, q: ListFilters): SQL {
  const conditions: SQL[] = [scopeWhere(scope)];
  if (q.status) conditions.push(eq(documents.status, q.status));
  if (q.documentType) conditions.push(eq(documents.documentType, q.documentType));
  if (q.fromIso) conditions.push(gte(documents.issueDate, q.fromIso));
  if (q.toIso) conditions.push(lte(documents.issueDate, q.toIso));
  if (q.sequential)
    conditions.push(sql`lpad(${documents.sequential}::text, 9, '0') ilike ${likeEscape(q.sequential)}`);
  if (q.buyerName) conditions.push(sql`${documents.buyerName} ilike ${likeEscape(q.buyerName)}`);
  return and(...conditions)!;
}

/** The list's order: sortBy/sortDir, then newest created first (the default alone). */
export function listOrder(q: Pick<ListQueryT, 'sortBy' | 'sortDir'>): SQL[] {
  return q.sortBy
    ? [
        (q.sortDir ?? 'desc') === 'asc' ? asc(SORT_COLUMNS[q.sortBy]) : desc(SORT_COLUMNS[q.sortBy]),
        desc(documents.createdAt),
        desc(documents.id),
      ]
    : [desc(documents.createdAt), desc(documents.id)];
}

export type ListFilters = Omit<ListQueryT, 'page' | 'limit' | 'from' | 'to'> & {
  fromIso?: string;
  toIso?: string;
};

/** The list of interface.md: AND-combined filters, optional sort, newest created first by default. */
export async function listDocuments(
  db: Executor,
  scope: DocumentScope,
  q: ListQueryT & { fromIso?: string; toIso?: string },
) {
  const where = listWhere(scope, q);
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  const order = listOrder(q);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(SUMMARY_COLUMNS)
      .from(documents)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0), page, limit };
}

export async function recordDocumentEvent(
  tx: Executor,
  doc: Pick<DocumentRow, 'id' | 'tenantId'>,
  type: string,
  detail: Record<string, unknown> | null,
  at: Date,
): Promise<void> {
  const event = {
    id: uuidv7(at.getTime()),
    documentId: doc.id,
    tenantId: doc.tenantId,
    type,
    detail,
    createdAt: at,
  };
  const batch = eventBatches.get(tx);
  if (batch) batch.push(event);
  else await tx.insert(documentEvents).values(event);
}

/** Events recorded inside `withDocumentEventBatch(tx, …)`, inserted together when it ends. */
const eventBatches = new WeakMap<Executor, (typeof documentEvents.$inferInsert)[]>();

/**
 * Runs `fn` and inserts every document event it records on `tx` in one multi-row insert at its
 * end, in `tx` (a state change and its hooks record several). Their ids keep their order.
 */
export async function withDocumentEventBatch<T>(tx: Executor, fn: () => Promise<T>): Promise<T> {
  if (eventBatches.has(tx)) return fn();
  const events: (typeof documentEvents.$inferInsert)[] = [];
  eventBatches.set(tx, events);
  let value: T;
  try {
    value = await fn();
  } finally {
    eventBatches.delete(tx);
  }
  if (events.length > 0) await tx.insert(documentEvents).values(events);
  return value;
}

/** The columns a summary reads: a page of the list leaves the XML and the request body in the database. */
const SUMMARY_COLUMNS = {
  accessKey: documents.accessKey,
  documentType: documents.documentType,
  sequential: documents.sequential,
  status: documents.status,
  issueDate: documents.issueDate,
  total: documents.total,
  authorizationNumber: documents.authorizationNumber,
  authorizationDate: documents.authorizationDate,
  emailStatus: documents.emailStatus,
  emailSentAt: documents.emailSentAt,
};

export function toSummary(row: Pick<DocumentRow, keyof typeof SUMMARY_COLUMNS>) {
  return {
    accessKey: row.accessKey,
    documentType: row.documentType,
    sequential: sequentialDigits(row.sequential),
    status: row.status,
    issueDate: isoToDdMmYyyy(row.issueDate),
    total: formatMoney(row.total),
    ...(row.authorizationNumber ? { authorizationNumber: row.authorizationNumber } : {}),
    ...(row.authorizationDate ? { authorizationDate: ecuadorTimestamp(row.authorizationDate) } : {}),
    email: { status: row.emailStatus, sentAt: row.emailSentAt?.toISOString() ?? null },
    ...documentLinks(row.accessKey),
  };
}

/** NUMERIC(14,2) comes back as text with its scale; keep exactly two decimals. */
function formatMoney(value: string): string {
  const [int, frac = ''] = value.split('.');
  return `${int}.${(frac + '00').slice(0, 2)}`;
}
