/**
 * The list's keyset cursor (`nextCursor`): where the last row of a page stands in the order, as
 * an opaque base64url JSON array, and the rows after it as one index range whatever the depth.
 */
import { type SQL, sql } from 'drizzle-orm';
import { documents } from './documents.tables.js';
import { SORT_COLUMNS, type SortBy, type SortDir } from './list-query.js';

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

/** The rows after the cursor in the list's order: one index range (row comparison). */
export function afterCursor(c: ListCursor): SQL {
  const cmp = c.sortDir === 'asc' ? sql.raw('>') : sql.raw('<');
  const at = sql`${c.createdAt}::timestamptz`;
  const id = sql`${c.id}::uuid`;
  return c.sortBy
    ? sql`(${SORT_COLUMNS[c.sortBy]}, ${documents.createdAt}, ${documents.id}) ${cmp} (${c.value}::${CAST[c.sortBy]}, ${at}, ${id})`
    : sql`(${documents.createdAt}, ${documents.id}) ${cmp} (${at}, ${id})`;
}

export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify([c.page, c.sortBy, c.sortDir, c.value, c.createdAt, c.id])).toString(
    'base64url',
  );
}

/** timestamptz as text (DateStyle ISO): what `created_at::text` gives, with a real date and time. */
const TIMESTAMP_TEXT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** Whether `value` can be a row's value of the sort column (a cursor is client input). */
function valueFits(sortBy: unknown, value: unknown): boolean {
  if (sortBy === null) return value === null;
  if (sortBy === 'sequential') return Number.isSafeInteger(value);
  if (sortBy === 'issueDate')
    return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealIsoDate(value);
  return typeof value === 'string' && value.length <= 300 && !value.includes('\u0000');
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
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  if (!valueFits(sortBy, value)) return null;
  return {
    page: page as number,
    sortBy: sortBy as SortBy | null,
    sortDir,
    value: value as string | number | null,
    createdAt,
    id,
  };
}
