/**
 * The list's filters and order as SQL (docs/spec-map.md): the list, its counts and the CSV export
 * read the same. The request's checks are list-filters.ts.
 */
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DocumentScope, scopeWhere } from './document-reads.js';
import type { ListQueryT } from './documents.schemas.js';
import { documents } from './documents.tables.js';

export type ListFilters = Omit<ListQueryT, 'page' | 'limit' | 'from' | 'to' | 'cursor'> & {
  fromIso?: string;
  toIso?: string;
};

export const SORT_COLUMNS = {
  sequential: documents.sequential,
  buyerName: documents.buyerName,
  issueDate: documents.issueDate,
  status: documents.status,
} as const;
export type SortBy = keyof typeof SORT_COLUMNS;
export type SortDir = 'asc' | 'desc';

/** `%value%` for ilike, its own wildcards escaped. */
export function likeEscape(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The list's filters, AND-combined, within the scope. */
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
export function orderOf(q: Pick<ListQueryT, 'sortBy' | 'sortDir'>): { columns: AnyPgColumn[]; dir: SortDir } {
  return q.sortBy
    ? { columns: [SORT_COLUMNS[q.sortBy], documents.createdAt, documents.id], dir: q.sortDir ?? 'desc' }
    : { columns: [documents.createdAt, documents.id], dir: 'desc' };
}

export const ordered = (columns: AnyPgColumn[], dir: SortDir) =>
  columns.map((c) => (dir === 'asc' ? asc(c) : desc(c)));

/**
 * The list's order: sortBy/sortDir, ties by creation in the same direction (so that every order is
 * one index read forwards or backwards, docs/scaling-lists.md); newest created first by default.
 */
export function listOrder(q: Pick<ListQueryT, 'sortBy' | 'sortDir'>): SQL[] {
  const { columns, dir } = orderOf(q);
  return ordered(columns, dir);
}
