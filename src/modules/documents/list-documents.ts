/**
 * The list of interface.md (docs/scaling-lists.md): AND-combined filters, optional sort, newest
 * created first by default, with its exact total. A page beyond the middle is read from the other
 * end (the total is known); a cursor continues after the last row of the previous page; a deep
 * page starts where the counters locate it (list-deep-pages.ts).
 */
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/pool.js';
import type { DocumentScope } from './document-reads.js';
import { SUMMARY_COLUMNS } from './document-summary.js';
import { documents } from './documents.tables.js';
import { countBeyond, countDocuments } from './list-counts.js';
import { afterCursor, encodeCursor, type ListCursor } from './list-cursor.js';
import { issueDayIds, issueDays, locatePage } from './list-deep-pages.js';
import { type ListFilters, listWhere, ordered, orderOf, type SortDir } from './list-query.js';

/** A page's rows: what the summary shows, plus where a cursor after it would stand. */
const PAGE_COLUMNS = () => ({
  ...SUMMARY_COLUMNS,
  id: documents.id,
  createdAtText: sql<string>`${documents.createdAt}::text`.as('created_at_text'),
});
type PageRow = Awaited<ReturnType<typeof selectPage>>[number];

/** How a page's ids are read: walking the order's index, gathering the filter's ids and sorting them, or day by day. */
type PageRead = 'walk' | 'fenced' | { days: string[] };

/** What one index descent into a day costs, in index entries read (the day-by-day estimate). */
const DAY_DESCENT = 50;

/**
 * `take` rows after `skip` in the order. The ids come first, from the index of the order alone
 * (an index-only scan: skipping a deep offset reads index entries, not the heap), then the rows.
 * `fenced`: the ids of the filter are gathered first (their own index, e.g. an issue-date range)
 * and sorted, instead of walking the order's index and filtering it; `days`: the default order
 * inside an issue-date range, merged from each day's first rows (list-deep-pages.ts).
 */
/** A page to read: `take` rows after `skip` of `where` in the order, read as `read` says. */
interface PageSpec {
  where: SQL;
  columns: AnyPgColumn[];
  dir: SortDir;
  take: number;
  skip: number;
  read: PageRead;
}

function pageIds(db: Executor, { where, columns, dir, take, skip, read }: PageSpec) {
  if (typeof read === 'object') return issueDayIds(where, read.days, dir, take, skip);
  if (read === 'fenced') {
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
  }
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(where)
    .orderBy(...ordered(columns, dir))
    .limit(take)
    .offset(skip);
}

async function selectPage(db: Executor, page: PageSpec) {
  return db
    .select(PAGE_COLUMNS())
    .from(documents)
    .where(sql`${documents.id} in (${pageIds(db, page)})`)
    .orderBy(...ordered(page.columns, page.dir));
}

/** The page as an offset: how its ids are read (the cheapest path the counters show), from where. */
interface OffsetPlan {
  where: SQL;
  read: PageRead;
  start: number;
}

/**
 * How to read `take` rows after `skip` in `scanDir` (the order, or its reverse from the end).
 * Inside an issue-date range by default order: by days, walking, or gathering the range, by which
 * reads fewer entries. A buyer name by default order: walk for a common name, gather a rare one.
 * Otherwise a deep page starts where the counters locate it.
 */
async function planOffset(
  db: Executor,
  scope: DocumentScope,
  q: ListFilters,
  days: { day: string; n: number }[] | null,
  total: number,
  scanDir: SortDir,
  skip: number,
  take: number,
): Promise<OffsetPlan> {
  const where = listWhere(scope, q);
  if (days) {
    // Walking the creation index from the near end pays for every document beyond the range
    // first; the range's days read one by one pay for at most skip + take of each day (and a
    // descent each); gathering the whole range pays for all of it.
    const beyond = await countBeyond(db, scope, q, scanDir === 'desc' ? 'after' : 'before', total);
    const byDays = days.reduce((sum, d) => sum + Math.min(d.n, skip + take), 0) + DAY_DESCENT * days.length;
    const walk = beyond + skip + take;
    if (byDays < walk && byDays < total)
      return { where, read: { days: days.map((d) => d.day) }, start: skip };
    // Walking reads more than a quarter of the range's size: gathering and sorting it is cheaper.
    return { where, read: walk * 4 > total ? 'fenced' : 'walk', start: skip };
  }
  if (!q.sortBy && q.buyerName && !q.sequential) {
    // A common name: walk the creation index, testing each document (about skip + take times
    // as many as it has matches); a rare one: gather its matches (trigram index) and sort them.
    const { buyerName: _b, ...others } = q;
    const inScope = await countDocuments(db, scope, others);
    const byScan = ((skip + take) * inScope) / total <= total;
    return byScan
      ? { where: listWhere(scope, q, { buyerNameByScan: true }), read: 'walk', start: skip }
      : { where, read: 'fenced', start: skip };
  }
  // A deep page: its start located from the counters, then a short skip inside one group.
  const at = await locatePage(db, scope, q, scanDir, skip);
  return at
    ? { where: and(where, at.where)!, read: 'walk', start: at.skip }
    : { where, read: 'walk', start: skip };
}

/** The list: a page (by `page`, or after a `cursor`), its exact total and the next cursor. */
export async function listDocuments(
  db: Executor,
  scope: DocumentScope,
  q: ListFilters & { page?: number; limit?: number; cursor?: ListCursor },
) {
  const limit = q.limit ?? 10;
  const page = q.cursor?.page ?? q.page ?? 1;
  const { columns, dir } = orderOf(q);
  // Newest first inside an issue-date range: the range's days with their counts (their sum is
  // the total) decide how the page is read.
  const byIssueDay = !q.cursor && !q.sortBy && (q.fromIso || q.toIso) && !q.sequential && !q.buyerName;
  const days = byIssueDay ? await issueDays(db, scope, q) : null;
  const total = days ? days.reduce((sum, d) => sum + d.n, 0) : await countDocuments(db, scope, q);
  const offset = (page - 1) * limit;
  let rows: PageRow[] = [];
  if (q.cursor) {
    const where = and(listWhere(scope, q), afterCursor(q.cursor))!;
    rows = await selectPage(db, { where, columns, dir, take: limit, skip: 0, read: 'walk' });
  } else if (offset < total) {
    const fromEnd = offset + limit / 2 > total / 2;
    const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
    const take = fromEnd ? Math.min(limit, total - offset) : limit;
    const scanDir: SortDir = fromEnd ? (dir === 'asc' ? 'desc' : 'asc') : dir;
    const plan = await planOffset(db, scope, q, days, total, scanDir, skip, take);
    rows = await selectPage(db, {
      where: plan.where,
      columns,
      dir: scanDir,
      take,
      skip: plan.start,
      read: plan.read,
    });
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
