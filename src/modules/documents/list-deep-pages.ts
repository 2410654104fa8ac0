/**
 * Where a deep page starts, found from the counters instead of skipped entry by entry
 * (docs/scaling-lists.md). An `offset` of half a million reads half a million index entries
 * (about 120 ms); the counters say which creation day, status, issue date or buyer name holds the
 * page's first row and how many rows of that group come before it, so the page is read as an
 * index range starting at that group with an offset inside it (at most one group's size).
 */
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import type { IssuerScope } from '../../shared/scope.js';
import {
  documentBuyerCounts,
  documentCounts,
  documentCreatedCounts,
  documentCreatedMonthCounts,
  documentDayCounts,
  documentSequentialCounts,
  documents,
} from './documents.tables.js';

type SortDir = 'asc' | 'desc';

/** The list filters these functions read (list-query.ts ListFilters). */
export interface DeepPageFilters {
  status?: string;
  documentType?: string;
  fromIso?: string;
  toIso?: string;
  sequential?: string;
  buyerName?: string;
  sortBy?: 'sequential' | 'buyerName' | 'issueDate' | 'status';
}

/** Below this offset the index entries are skipped (index-only, about 1 ms); beyond it, located. */
const LOCATE_FROM = 5000;

/** The page's start: an index range (`where`) and the rows to skip inside it. */
export interface PageStart {
  where: SQL;
  skip: number;
}

type CountTable =
  | typeof documentCounts
  | typeof documentCreatedCounts
  | typeof documentCreatedMonthCounts
  | typeof documentDayCounts
  | typeof documentBuyerCounts
  | typeof documentSequentialCounts;

function scopeOf(t: CountTable, scope: IssuerScope): SQL[] {
  return [
    eq(t.tenantId, scope.tenantId),
    eq(t.issuerId, scope.issuerId),
    eq(t.environment, scope.environment),
  ];
}

const dirSql = (dir: SortDir) => sql.raw(dir === 'asc' ? 'asc' : 'desc');

/**
 * The group (a key of the counters) holding the `skip`-th row in `dir`, and the rows of the
 * groups before it: one pass over the scope's counter rows (a running sum, in key order).
 */
async function groupAt(
  db: Executor,
  table: CountTable,
  key: SQL,
  where: SQL,
  dir: SortDir,
  skip: number,
): Promise<{ key: string; before: number } | null> {
  const d = dirSql(dir);
  const result = await db.execute(sql`
    select k::text as key, (upto - n)::bigint as before from (
      select ${key} as k, sum(${table.n}) as n, sum(sum(${table.n})) over (order by ${key} ${d}) as upto
      from ${table} where ${where} group by ${key}) g
    where upto > ${skip} order by k ${d} limit 1`);
  const row = result.rows[0] as { key: string; before: string } | undefined;
  return row ? { key: row.key, before: Number(row.before) } : null;
}

const nextDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * In creation order (the default order, and inside one status): the creation day (UTC) holding
 * the row, its month first (the month rows), then the day among that month's day rows. The rows
 * before that day in `dir` are skipped by starting the range at the day's edge.
 */
async function creationDayAt(
  db: Executor,
  scope: IssuerScope,
  f: DeepPageFilters,
  dir: SortDir,
  skip: number,
): Promise<{ edge: string; skip: number } | null> {
  const m = documentCreatedMonthCounts;
  const inMonths = scopeOf(m, scope);
  if (f.status) inMonths.push(eq(m.status, f.status));
  if (f.documentType) inMonths.push(eq(m.documentType, f.documentType));
  const month = await groupAt(db, m, sql`${m.createdMonth}`, and(...inMonths)!, dir, skip);
  if (!month) return null;
  const t = documentCreatedCounts;
  const inDays = scopeOf(t, scope);
  if (f.status) inDays.push(eq(t.status, f.status));
  if (f.documentType) inDays.push(eq(t.documentType, f.documentType));
  inDays.push(
    gte(t.createdDay, month.key),
    sql`${t.createdDay} < (${month.key}::date + interval '1 month')::date`,
  );
  const inMonth = skip - month.before;
  const day = await groupAt(db, t, sql`${t.createdDay}`, and(...inDays)!, dir, inMonth);
  if (!day) return null;
  return { edge: `${dir === 'desc' ? nextDay(day.key) : day.key}T00:00:00Z`, skip: inMonth - day.before };
}

/** From a group on, in `dir`: the rows of the groups before it excluded, the page may run past it. */
const fromGroup = (column: SQL, value: SQL, dir: SortDir) =>
  dir === 'desc' ? sql`${column} <= ${value}` : sql`${column} >= ${value}`;

async function byCreationDay(
  db: Executor,
  scope: IssuerScope,
  f: DeepPageFilters,
  dir: SortDir,
  skip: number,
): Promise<PageStart | null> {
  const at = await creationDayAt(db, scope, f, dir, skip);
  if (!at) return null;
  const edge = sql`${at.edge}::timestamptz`;
  return {
    where: dir === 'desc' ? sql`${documents.createdAt} < ${edge}` : sql`${documents.createdAt} >= ${edge}`,
    skip: at.skip,
  };
}

/** sortBy=status: the status holding the row (document_counts), then its creation day. */
async function byStatus(
  db: Executor,
  scope: IssuerScope,
  f: DeepPageFilters,
  dir: SortDir,
  skip: number,
): Promise<PageStart | null> {
  const t = documentCounts;
  const where = scopeOf(t, scope);
  if (f.status) where.push(eq(t.status, f.status));
  if (f.documentType) where.push(eq(t.documentType, f.documentType));
  const at = await groupAt(db, t, sql`${t.status}`, and(...where)!, dir, skip);
  if (!at) return null;
  const inStatus = skip - at.before;
  const status = sql`${at.key}::text`;
  if (inStatus < LOCATE_FROM)
    return { where: fromGroup(sql`${documents.status}`, status, dir), skip: inStatus };
  const day = await creationDayAt(db, scope, { ...f, status: at.key }, dir, inStatus);
  if (!day) return null;
  // (status, created_at) from (that status, that day's edge) on: one range of the status index.
  const row = sql`(${documents.status}, ${documents.createdAt})`;
  const edge = sql`(${status}, ${day.edge}::timestamptz)`;
  return { where: dir === 'desc' ? sql`${row} < ${edge}` : sql`${row} >= ${edge}`, skip: day.skip };
}

/** sortBy=issueDate: the issue date holding the row (document_day_counts, with every filter but text ones). */
async function byIssueDate(
  db: Executor,
  scope: IssuerScope,
  f: DeepPageFilters,
  dir: SortDir,
  skip: number,
): Promise<PageStart | null> {
  const t = documentDayCounts;
  const where = scopeOf(t, scope);
  if (f.status) where.push(eq(t.status, f.status));
  if (f.documentType) where.push(eq(t.documentType, f.documentType));
  if (f.fromIso) where.push(gte(t.issueDate, f.fromIso));
  if (f.toIso) where.push(lte(t.issueDate, f.toIso));
  const at = await groupAt(db, t, sql`${t.issueDate}`, and(...where)!, dir, skip);
  if (!at) return null;
  return { where: fromGroup(sql`${documents.issueDate}`, sql`${at.key}::date`, dir), skip: skip - at.before };
}

/** sortBy=buyerName with no filter: the name holding the row (document_buyer_counts). */
async function byBuyerName(
  db: Executor,
  scope: IssuerScope,
  dir: SortDir,
  skip: number,
): Promise<PageStart | null> {
  const t = documentBuyerCounts;
  const at = await groupAt(db, t, sql`${t.buyerName}`, and(...scopeOf(t, scope))!, dir, skip);
  if (!at) return null;
  return { where: fromGroup(sql`${documents.buyerName}`, sql`${at.key}::text`, dir), skip: skip - at.before };
}

/** sortBy=sequential with no filter: the thousand holding the row (document_sequential_counts). */
async function bySequential(
  db: Executor,
  scope: IssuerScope,
  dir: SortDir,
  skip: number,
): Promise<PageStart | null> {
  const t = documentSequentialCounts;
  const at = await groupAt(db, t, sql`${t.thousand}`, and(...scopeOf(t, scope))!, dir, skip);
  if (!at) return null;
  const thousand = Number(at.key);
  const edge =
    dir === 'desc'
      ? sql`${documents.sequential} < ${(thousand + 1) * 1000}`
      : sql`${documents.sequential} >= ${thousand * 1000}`;
  return { where: edge, skip: skip - at.before };
}

/**
 * Where the page `skip` rows into the list (read in `dir`) starts, when the counters can say:
 * the default order with status/documentType, sortBy status or issueDate with those (and from/to
 * for issueDate), sortBy buyerName or sequential alone. Null: skip the index entries (a shallow
 * page, or filters no counter has: sequential, buyerName, and the rest with those two sorts).
 */
export async function locatePage(
  db: Executor,
  scope: IssuerScope,
  f: DeepPageFilters,
  dir: SortDir,
  skip: number,
): Promise<PageStart | null> {
  if (skip < LOCATE_FROM || f.sequential || f.buyerName) return null;
  const dated = f.fromIso !== undefined || f.toIso !== undefined;
  if (!f.sortBy) return dated ? null : byCreationDay(db, scope, f, dir, skip);
  if (f.sortBy === 'status') return dated ? null : byStatus(db, scope, f, dir, skip);
  if (f.sortBy === 'issueDate') return byIssueDate(db, scope, f, dir, skip);
  if (dated || f.status || f.documentType) return null;
  return f.sortBy === 'buyerName' ? byBuyerName(db, scope, dir, skip) : bySequential(db, scope, dir, skip);
}

/**
 * The issue dates of the filters with their document counts (document_day_counts): for the
 * default order inside an issue-date range, read day by day (issueDayIds).
 */
export async function issueDays(
  db: Executor,
  scope: IssuerScope,
  f: DeepPageFilters,
): Promise<{ day: string; n: number }[]> {
  const t = documentDayCounts;
  const where = scopeOf(t, scope);
  if (f.status) where.push(eq(t.status, f.status));
  if (f.documentType) where.push(eq(t.documentType, f.documentType));
  if (f.fromIso) where.push(gte(t.issueDate, f.fromIso));
  if (f.toIso) where.push(lte(t.issueDate, f.toIso));
  const rows = await db
    .select({ day: sql<string>`${t.issueDate}::text`, n: sql<string>`sum(${t.n})` })
    .from(t)
    .where(and(...where))
    .groupBy(t.issueDate)
    .having(sql`sum(${t.n}) > 0`);
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/**
 * Newest (or oldest) created first inside an issue-date range, as a merge of the days: each
 * day's first `skip + take` in creation order, from the issue-date index (issue_date = day is
 * one range ordered by creation), then sorted. It reads at most `skip + take` entries per day,
 * where walking the creation index pays for every document created after the range first.
 */
export function issueDayIds(where: SQL, days: string[], dir: SortDir, take: number, skip: number): SQL {
  const d = dirSql(dir);
  return sql`select x.id from unnest(${`{${days.join(',')}}`}::date[]) as dd(day)
    cross join lateral (
      select ${documents.id} as id, ${documents.createdAt} as created_at from ${documents}
      where ${where} and ${documents.issueDate} = dd.day
      order by ${documents.createdAt} ${d}, ${documents.id} ${d} limit ${skip + take}) x
    order by x.created_at ${d}, x.id ${d} limit ${take} offset ${skip}`;
}
