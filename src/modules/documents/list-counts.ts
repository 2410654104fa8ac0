/**
 * The list's exact totals from the counters the triggers keep (migrations/0711, docs/scaling-lists.md).
 */
import { and, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import type { DocumentScope } from './document-reads.js';
import { documentBuyerCounts, documentCounts, documentDayCounts, documents } from './documents.tables.js';
import { type ListFilters, likeEscape, listWhere } from './list-query.js';

/**
 * The exact number of documents the filters select. Scope, status, documentType, from and to are
 * read from the counters, a few rows whatever the table's size, and so is buyerName alone (a sum
 * over the scope's matching names); with sequential, or buyerName with another filter, the
 * documents are counted (their trigram and btree indexes narrow them first).
 */
export async function countDocuments(db: Executor, scope: DocumentScope, f: ListFilters): Promise<number> {
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
export async function countBeyond(
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
