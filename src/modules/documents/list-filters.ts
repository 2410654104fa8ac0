import { ddMmYyyyToIso, parseDdMmYyyy } from '../../shared/clock.js';
import { validationError } from '../../shared/errors.js';
import type { ListQueryT } from './documents.schemas.js';
import { decodeCursor, type ListCursor } from './list-cursor.js';
import type { ListFilters } from './list-query.js';

/** A DD/MM/YYYY query value that names a real day, as ISO; else 400 on `path`. */
export function checkedIsoDate(value: string, path: string): string {
  if (!parseDdMmYyyy(value)) throw validationError(path, 'must be a real date DD/MM/YYYY');
  return ddMmYyyyToIso(value);
}

/** The list's query rules (docs/decisions.md): real dates, from <= to, a digits-only sequential. */
export function checkListFilters(query: Omit<ListQueryT, 'page' | 'limit'>): ListFilters {
  const { from, to, cursor: _cursor, ...rest } = query;
  const fromIso = from ? checkedIsoDate(from, 'query.from') : undefined;
  const toIso = to ? checkedIsoDate(to, 'query.to') : undefined;
  if (fromIso && toIso && fromIso > toIso) throw validationError('query.from', 'must not be after query.to');
  if (query.sequential !== undefined && !/^[0-9]{1,9}$/.test(query.sequential)) {
    throw validationError('query.sequential', 'must be 1 to 9 digits');
  }
  return { ...rest, fromIso, toIso };
}

/** A `cursor` this list made, for the same sortBy and sortDir; else 400 on query.cursor. */
export function checkCursor(value: string, filters: Pick<ListFilters, 'sortBy' | 'sortDir'>): ListCursor {
  const cursor = decodeCursor(value);
  if (!cursor) throw validationError('query.cursor', 'must be a nextCursor of this list');
  const sortDir = filters.sortBy ? (filters.sortDir ?? 'desc') : 'desc';
  if (cursor.sortBy !== (filters.sortBy ?? null) || cursor.sortDir !== sortDir) {
    throw validationError('query.cursor', 'was made for another sortBy or sortDir');
  }
  return cursor;
}
