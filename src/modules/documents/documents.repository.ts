import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/pool.js';
import { executorOf, type UnitOfWork, type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { ecuadorTimestamp, isoToDdMmYyyy } from '../../shared/clock.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope } from '../../shared/scope.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import { documentLinks } from './document-links.js';
import type { ListQueryT } from './documents.schemas.js';
import type { EmailStatus } from './documents.tables.js';
import {
  type DocumentRow,
  documentBuyerCounts,
  documentCounts,
  documentDayCounts,
  documentEvents,
  documents,
} from './documents.tables.js';
import { issueDayIds, issueDays, locatePage } from './list-deep-pages.js';

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
type SortBy = keyof typeof SORT_COLUMNS;
type SortDir = 'asc' | 'desc';

/** The list's filters (docs/spec-map.md), AND-combined, within the scope; the CSV export reads the same. */
export function listWhere(
  scope: DocumentScope,
  q: ListFilters,
  opts: { buyerNameByScan?: boolean } = {},
): SQL {
  const conditions: SQL[] = [scopeWhere(scope)];
  if (q.status) conditions.push(eq(documents.status, q.status));
  if (q.documentType) conditions.push(eq(documents.documentType, q.documentType));
  if (q.fromIso) conditions.push(gte(documents.issueDate, q.fromIso));
  if (q.toIso) conditions.push(lte(documents.issueDate, q.toIso));
  if (q.sequential?.length === 9) {
    // Nine digits contained in a nine-digit value is that value: the sequential index answers it.
    conditions.push(eq(documents.sequential, Number(q.sequential)));
  } else if (q.sequential) {
    conditions.push(sql`lpad(${documents.sequential}::text, 9, '0') ilike ${likeEscape(q.sequential)}`);
  }
  if (q.buyerName) {
    // By scan: the same test on an expression no index has, so that the planner walks the order's
    // index and tests each document, instead of gathering every match through the trigram index.
    const name = opts.buyerNameByScan ? sql`(${documents.buyerName} || '')` : sql`${documents.buyerName}`;
    conditions.push(sql`${name} ilike ${likeEscape(q.buyerName)}`);
  }
  return and(...conditions)!;
}

/** The order's columns and direction: sortBy then created_at and id in sortDir, else newest created first. */
function orderOf(q: Pick<ListQueryT, 'sortBy' | 'sortDir'>): { columns: AnyPgColumn[]; dir: SortDir } {
  return q.sortBy
    ? { columns: [SORT_COLUMNS[q.sortBy], documents.createdAt, documents.id], dir: q.sortDir ?? 'desc' }
    : { columns: [documents.createdAt, documents.id], dir: 'desc' };
}

const ordered = (columns: AnyPgColumn[], dir: SortDir) =>
  columns.map((c) => (dir === 'asc' ? asc(c) : desc(c)));

/**
 * The list's order: sortBy/sortDir, ties by creation in the same direction (so that every order is
 * one index read forwards or backwards, docs/scaling-lists.md); newest created first by default.
 */
export function listOrder(q: Pick<ListQueryT, 'sortBy' | 'sortDir'>): SQL[] {
  const { columns, dir } = orderOf(q);
  return ordered(columns, dir);
}

export type ListFilters = Omit<ListQueryT, 'page' | 'limit' | 'from' | 'to' | 'cursor'> & {
  fromIso?: string;
  toIso?: string;
};

/** Where the keyset cursor stands: the last row of a page (its sort value, creation time, id). */
export interface ListCursor {
  /** The page the cursor leads to. */
  page: number;
  sortBy: SortBy | null;
  sortDir: SortDir;
  value: string | number | null;
  createdAt: string;
  id: string;
}

const CAST = { sequential: sql`bigint`, buyerName: sql`text`, issueDate: sql`date`, status: sql`text` };

/** The rows after the cursor in the list's order: one index range (row comparison), whatever the depth. */
function afterCursor(c: ListCursor): SQL {
  const cmp = c.sortDir === 'asc' ? sql.raw('>') : sql.raw('<');
  const at = sql`${c.createdAt}::timestamptz`;
  const id = sql`${c.id}::uuid`;
  return c.sortBy
    ? sql`(${SORT_COLUMNS[c.sortBy]}, ${documents.createdAt}, ${documents.id}) ${cmp} (${c.value}::${CAST[c.sortBy]}, ${at}, ${id})`
    : sql`(${documents.createdAt}, ${documents.id}) ${cmp} (${at}, ${id})`;
}

/**
 * The exact number of documents the filters select. Scope, status, documentType, from and to are
 * read from the counters the triggers keep (migrations/0711), a few rows whatever the table's size,
 * and so is buyerName alone (a sum over the scope's matching names); with sequential, or buyerName
 * with another filter, the documents are counted (their trigram and btree indexes narrow them first).
 */
async function countDocuments(db: Executor, scope: DocumentScope, f: ListFilters): Promise<number> {
  if (f.buyerName && !f.sequential && !f.status && !f.documentType && !f.fromIso && !f.toIso) {
    // The scope's distinct buyer names that match, with their counts (a trigram index on the names).
    const b = documentBuyerCounts;
    const [row] = await db
      .select({ n: sql<string>`coalesce(sum(${b.n}), 0)` })
      .from(b)
      .where(
        and(
          eq(b.tenantId, scope.tenantId),
          eq(b.issuerId, scope.issuerId),
          eq(b.environment, scope.environment),
          sql`${b.buyerName} ilike ${likeEscape(f.buyerName)}`,
        ),
      );
    return Number(row?.n ?? 0);
  }
  if (f.sequential || f.buyerName) {
    const [row] = await db.select({ n: count() }).from(documents).where(listWhere(scope, f));
    return Number(row?.n ?? 0);
  }
  const dated = f.fromIso !== undefined || f.toIso !== undefined;
  const t = dated ? documentDayCounts : documentCounts;
  const conditions: SQL[] = [
    eq(t.tenantId, scope.tenantId),
    eq(t.issuerId, scope.issuerId),
    eq(t.environment, scope.environment),
  ];
  if (f.status) conditions.push(eq(t.status, f.status));
  if (f.documentType) conditions.push(eq(t.documentType, f.documentType));
  if (f.fromIso) conditions.push(gte(documentDayCounts.issueDate, f.fromIso));
  if (f.toIso) conditions.push(lte(documentDayCounts.issueDate, f.toIso));
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${t.n}), 0)` })
    .from(t)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/**
 * The documents of the filters issued after `toIso` (or before `fromIso`), from the counters: with
 * the range open on the other side, all of them but the range's `total` (a few rows of
 * document_counts), else the day counters beyond the edge.
 */
async function countBeyond(
  db: Executor,
  scope: DocumentScope,
  f: ListFilters,
  side: 'after' | 'before',
  total: number,
): Promise<number> {
  const edge = side === 'after' ? f.toIso : f.fromIso;
  if (!edge) return 0;
  const { fromIso: _f, toIso: _t, ...rest } = f;
  const open = side === 'after' ? !f.fromIso : !f.toIso;
  if (open) return (await countDocuments(db, scope, rest)) - total;
  return countDocuments(
    db,
    scope,
    side === 'after' ? { ...rest, fromIso: addDay(edge, 1) } : { ...rest, toIso: addDay(edge, -1) },
  );
}

function addDay(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A page's rows: what the summary shows, plus where a cursor after it would stand. */
const PAGE_COLUMNS = () => ({
  ...SUMMARY_COLUMNS,
  id: documents.id,
  createdAtText: sql<string>`${documents.createdAt}::text`.as('created_at_text'),
});
type PageRow = Awaited<ReturnType<typeof selectPage>>[number];

/** How a page's ids are read: walking the order's index, gathering the filter's ids and sorting them, or day by day. */
type PageRead = 'walk' | 'fenced' | { days: string[] };

/**
 * `take` rows after `skip` in the order. The ids come first, from the index of the order alone
 * (an index-only scan: skipping a deep offset reads index entries, not the heap), then the rows.
 * `fenced`: the ids of the filter are gathered first (their own index, e.g. an issue-date range)
 * and sorted, instead of walking the order's index and filtering it; `days`: the default order
 * inside an issue-date range, merged from each day's first rows (list-deep-pages.ts).
 */
async function selectPage(
  db: Executor,
  where: SQL,
  columns: AnyPgColumn[],
  dir: SortDir,
  take: number,
  skip: number,
  read: PageRead,
) {
  const ids =
    typeof read === 'object'
      ? issueDayIds(where, read.days, dir, take, skip)
      : read === 'fenced'
        ? (() => {
            const r = db
              .select({ id: documents.id, createdAt: documents.createdAt })
              .from(documents)
              .where(where)
              .limit(Number.MAX_SAFE_INTEGER)
              .as('r');
            return db
              .select({ id: r.id })
              .from(r)
              .orderBy(...(dir === 'asc' ? [asc(r.createdAt), asc(r.id)] : [desc(r.createdAt), desc(r.id)]))
              .limit(take)
              .offset(skip);
          })()
        : db
            .select({ id: documents.id })
            .from(documents)
            .where(where)
            .orderBy(...ordered(columns, dir))
            .limit(take)
            .offset(skip);
  return db
    .select(PAGE_COLUMNS())
    .from(documents)
    .where(sql`${documents.id} in (${ids})`)
    .orderBy(...ordered(columns, dir));
}

/**
 * The list of interface.md: AND-combined filters, optional sort, newest created first by default,
 * with its exact total. A page beyond the middle is read from the other end (the total is known),
 * a cursor continues after the last row of the previous page.
 */
export async function listDocuments(
  db: Executor,
  scope: DocumentScope,
  q: ListFilters & { page?: number; limit?: number; cursor?: ListCursor },
) {
  const limit = q.limit ?? 10;
  const page = q.cursor?.page ?? q.page ?? 1;
  const { columns, dir } = orderOf(q);
  const flip: SortDir = dir === 'asc' ? 'desc' : 'asc';
  // Newest first inside an issue-date range: the range's days with their counts (their sum is
  // the total) decide how the page is read.
  const byIssueDay = !q.cursor && !q.sortBy && (q.fromIso || q.toIso) && !q.sequential && !q.buyerName;
  const days = byIssueDay ? await issueDays(db, scope, q) : null;
  const total = days ? days.reduce((sum, d) => sum + d.n, 0) : await countDocuments(db, scope, q);
  const offset = (page - 1) * limit;
  let rows: PageRow[] = [];
  if (q.cursor) {
    rows = await selectPage(
      db,
      and(listWhere(scope, q), afterCursor(q.cursor))!,
      columns,
      dir,
      limit,
      0,
      'walk',
    );
  } else if (offset < total) {
    const fromEnd = offset + limit / 2 > total / 2;
    const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
    const take = fromEnd ? Math.min(limit, total - offset) : limit;
    const scanDir = fromEnd ? flip : dir;
    let where = listWhere(scope, q);
    let read: PageRead = 'walk';
    let start = skip;
    if (days) {
      // Walking the creation index from the near end pays for every document beyond the range
      // first; the range's days read one by one pay for at most skip + take of each day (and a
      // descent each); gathering the whole range pays for all of it.
      const beyond = await countBeyond(db, scope, q, scanDir === 'desc' ? 'after' : 'before', total);
      const byDays = days.reduce((sum, d) => sum + Math.min(d.n, skip + take), 0) + 50 * days.length;
      const walk = beyond + skip + take;
      if (byDays < walk && byDays < total) read = { days: days.map((d) => d.day) };
      else if (walk * 4 > total) read = 'fenced';
    } else if (!q.sortBy && q.buyerName && !q.sequential) {
      // A common name: walk the creation index, testing each document (about skip + take times
      // as many as it has matches); a rare one: gather its matches (trigram index) and sort them.
      const { buyerName: _b, ...others } = q;
      const inScope = await countDocuments(db, scope, others);
      const byScan = ((skip + take) * inScope) / total <= total;
      if (byScan) where = listWhere(scope, q, { buyerNameByScan: true });
      else read = 'fenced';
    } else {
      // A deep page: its start located from the counters, then a short skip inside one group.
      const at = await locatePage(db, scope, q, scanDir, skip);
      if (at) {
        where = and(where, at.where)!;
        start = at.skip;
      }
    }
    rows = await selectPage(db, where, columns, scanDir, take, start, read);
    if (fromEnd) rows.reverse();
  }
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === limit && page * limit < total
      ? encodeCursor({
          page: page + 1,
          sortBy: q.sortBy ?? null,
          sortDir: dir,
          value: q.sortBy ? (last[q.sortBy] as string | number) : null,
          createdAt: last.createdAtText,
          id: last.id,
        })
      : null;
  return { rows, total, page, limit, nextCursor };
}

/** The opaque `cursor` of the list: base64url of a JSON array. */
function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify([c.page, c.sortBy, c.sortDir, c.value, c.createdAt, c.id])).toString(
    'base64url',
  );
}

/** timestamptz as text (DateStyle ISO): what `created_at::text` gives, with a real date and time. */
const TIMESTAMP_TEXT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function isRealIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** The cursor back, or null when it is not one this list made. */
export function decodeCursor(text: string): ListCursor | null {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 6) return null;
  const [page, sortBy, sortDir, value, createdAt, id] = parts as unknown[];
  if (!Number.isSafeInteger(page) || (page as number) < 2) return null;
  if (sortBy !== null && !(typeof sortBy === 'string' && Object.hasOwn(SORT_COLUMNS, sortBy))) return null;
  if (sortDir !== 'asc' && sortDir !== 'desc') return null;
  if (typeof createdAt !== 'string' || !TIMESTAMP_TEXT.test(createdAt) || !isRealIsoDate(createdAt))
    return null;
  if (typeof id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
    return null;
  const valueOk =
    sortBy === null
      ? value === null
      : sortBy === 'sequential'
        ? Number.isSafeInteger(value)
        : sortBy === 'issueDate'
          ? typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealIsoDate(value)
          : typeof value === 'string' && value.length <= 300 && !value.includes('\u0000');
  if (!valueOk) return null;
  return {
    page: page as number,
    sortBy: sortBy as SortBy | null,
    sortDir,
    value: value as string | number | null,
    createdAt,
    id,
  };
}

/** One event of a document's history: inserted now, or at the unit of work's flush. */
export async function recordDocumentEvent(
  to: WriteTarget,
  doc: Pick<DocumentRow, 'id' | 'tenantId'>,
  type: string,
  detail: Record<string, unknown> | null,
  at: Date,
): Promise<void> {
  await writeTo(
    to,
    executorOf(to)
      .insert(documentEvents)
      .values({
        id: uuidv7(at.getTime()),
        documentId: doc.id,
        tenantId: doc.tenantId,
        type,
        detail,
        createdAt: at,
      }),
  );
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

/** A new document's email status: NONE when it has no address (a final consumer without email). */
export function initialEmailStatus(buyerEmail: string): EmailStatus {
  return buyerEmail === '' ? 'NONE' : 'PENDING';
}

/**
 * The documents of a batch of creates, SIGNED, and their CREATED events, written at the unit of
 * work's flush: two inserts, their rows as one JSON parameter each (no per-row query building),
 * whatever the batch's size.
 */
export function insertCreatedDocuments(uow: UnitOfWork, docs: NewDocument[], now: Date): void {
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
    email_status: initialEmailStatus(d.buyerEmail),
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
  uow.write(sql`
      insert into documents (id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
        issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
        idempotency_key, request_hash, signed_xml, signed_at, cert_fingerprint, original_document_type,
        original_number, email_status, created_at, updated_at)
      select id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
        issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
        idempotency_key, request_hash, signed_xml, signed_at, cert_fingerprint, original_document_type,
        original_number, email_status, created_at, updated_at
        from json_populate_recordset(null::documents, ${JSON.stringify(rows)}::json)`);
  // Every document is inserted or the flush fails, so each event has its document (checked by
  // the foreign key at the end of the statement).
  uow.write(sql`
    insert into document_events (id, document_id, tenant_id, type, detail, created_at)
    select e.id, e.document_id, e.tenant_id, e.type, e.detail, e.created_at
      from json_populate_recordset(null::document_events, ${JSON.stringify(events)}::json) e`);
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
  buyerIdType: documents.buyerIdType,
  buyerId: documents.buyerId,
  buyerName: documents.buyerName,
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
    number: numberOf(row.accessKey, row.sequential),
    buyer: { idType: row.buyerIdType, id: row.buyerId, name: row.buyerName },
  };
}

/** estab-ptoEmi-secuencial: the establishment and issue point are digits 25-30 of the access key. */
function numberOf(accessKey: string, sequential: number): string {
  return `${accessKey.slice(24, 27)}-${accessKey.slice(27, 30)}-${sequentialDigits(sequential)}`;
}

/** NUMERIC(14,2) comes back as text with its scale; keep exactly two decimals. */
function formatMoney(value: string): string {
  const [int, frac = ''] = value.split('.');
  return `${int}.${(frac + '00').slice(0, 2)}`;
}
