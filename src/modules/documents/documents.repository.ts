import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
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

/** The document of an Idempotency-Key, as a replay answers it (the summary, never the XML). */
export async function findByIdempotencyKey(
  db: Executor,
  tenantId: string,
  environment: string,
  key: string,
): Promise<(SummaryRow & Pick<DocumentRow, 'id' | 'requestHash'>) | null> {
  const [row] = await db
    .select({ ...SUMMARY_COLUMNS, id: documents.id, requestHash: documents.requestHash })
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
  await tx.insert(documentEvents).values({
    id: uuidv7(at.getTime()),
    documentId: doc.id,
    tenantId: doc.tenantId,
    type,
    detail,
    createdAt: at,
  });
}

/** A document as a batch of creates inserts it (docs/creates.md): every column the table needs. */
export interface NewDocument {
  id: string;
  tenantId: string;
  issuerId: string;
  environment: 'sandbox' | 'production';
  documentType: DocumentRow['documentType'];
  accessKey: string;
  sequential: number;
  issueDate: string;
  buyerIdType: string;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  total: string;
  model: Record<string, unknown>;
  request: Record<string, unknown>;
  idempotencyKey: string | null;
  requestHash: string;
  signedXml: string;
  certFingerprint: string;
  originalDocumentType: string | null;
  originalNumber: string | null;
}

/**
 * The documents of a batch of creates, SIGNED, and their CREATED events: one statement, its rows
 * as one JSON parameter (no per-row query building), whatever the batch's size.
 */
export async function insertCreatedDocuments(tx: Executor, docs: NewDocument[], now: Date): Promise<void> {
  const at = now.toISOString();
  const rows = docs.map((d) => ({
    id: d.id,
    tenant_id: d.tenantId,
    issuer_id: d.issuerId,
    environment: d.environment,
    document_type: d.documentType,
    access_key: d.accessKey,
    sequential: d.sequential,
    issue_date: d.issueDate,
    status: 'SIGNED',
    buyer_id_type: d.buyerIdType,
    buyer_id: d.buyerId,
    buyer_name: d.buyerName,
    buyer_email: d.buyerEmail,
    total: d.total,
    model: d.model,
    request: d.request,
    idempotency_key: d.idempotencyKey,
    request_hash: d.requestHash,
    signed_xml: d.signedXml,
    signed_at: at,
    cert_fingerprint: d.certFingerprint,
    original_document_type: d.originalDocumentType,
    original_number: d.originalNumber,
    email_status: 'PENDING',
    created_at: at,
    updated_at: at,
  }));
  const events = docs.map((d) => ({
    id: uuidv7(now.getTime()),
    document_id: d.id,
    tenant_id: d.tenantId,
    type: 'CREATED',
    detail: { status: 'SIGNED', sequential: d.model.sequential, certFingerprint: d.certFingerprint },
    created_at: at,
  }));
  await tx.execute(sql`
    with d as (
      insert into documents (id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
        issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
        idempotency_key, request_hash, signed_xml, signed_at, cert_fingerprint, original_document_type,
        original_number, email_status, created_at, updated_at)
      select id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
        issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
        idempotency_key, request_hash, signed_xml, signed_at, cert_fingerprint, original_document_type,
        original_number, email_status, created_at, updated_at
        from json_populate_recordset(null::documents, ${JSON.stringify(rows)}::json)
      returning id
    )
    insert into document_events (id, document_id, tenant_id, type, detail, created_at)
    select e.id, e.document_id, e.tenant_id, e.type, e.detail, e.created_at
      from json_populate_recordset(null::document_events, ${JSON.stringify(events)}::json) e
      join d on d.id = e.document_id`);
}

/**
 * The documents already created under some Idempotency-Keys of a tenant and environment, after
 * taking each key's transaction-scoped advisory lock (in one order, so two batches sharing keys
 * never deadlock): concurrent requests with a key queue on it; the first creates, the others find
 * its document here. The lock is a statement of its own: the lookup's snapshot must follow it.
 */
export async function lockAndFindIdempotent(
  tx: Executor,
  tenantId: string,
  environment: string,
  keys: string[],
): Promise<Map<string, SummaryRow & Pick<DocumentRow, 'id' | 'requestHash'>>> {
  const names = [...new Set(keys)].sort().map((k) => `${tenantId}|${environment}|${k}`);
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(k, 0))
      from (select k from unnest(${sql.param(names)}::text[]) k order by k) keys`);
  const rows = await tx
    .select({
      ...SUMMARY_COLUMNS,
      id: documents.id,
      requestHash: documents.requestHash,
      idempotencyKey: documents.idempotencyKey,
    })
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, tenantId),
        eq(documents.environment, environment as 'sandbox'),
        inArray(documents.idempotencyKey, keys),
      ),
    );
  return new Map(rows.map((r) => [r.idempotencyKey!, r]));
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

/** What a summary is made of. */
export type SummaryRow = Pick<DocumentRow, keyof typeof SUMMARY_COLUMNS>;

export function toSummary(row: SummaryRow) {
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
