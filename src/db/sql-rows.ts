import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows of raw SQL as Drizzle's select of a table gives them, for the statements written by hand:
 * CTEs that save round trips (docs/pipeline-performance.md, "Step by step") and the hot reads
 * of the worker, whose select lists are built once per process instead of by Drizzle on every
 * query (building a 40-column select costs ~0.2 ms of CPU each time: "Reads built once").
 */
const columnsOf = new WeakMap<PgTable, [string, PgColumn][]>();

function columns(table: PgTable): [string, PgColumn][] {
  let list = columnsOf.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table));
    columnsOf.set(table, list);
  }
  return list;
}

/**
 * A row that raw SQL returned (snake_case columns, driver values, each name after `prefix`) as
 * Drizzle's select of `table` gives it.
 */
export function rowFromSql<T extends PgTable>(
  table: T,
  raw: Record<string, unknown>,
  prefix = '',
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns(table)) {
    const value = raw[prefix + column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

const lists = new WeakMap<PgTable, Map<string, SQL>>();

/**
 * Every column of `table` under the SQL alias `alias`, each named `prefix` + its column name
 * (what `rowFromSql(table, raw, prefix)` reads): one raw chunk, built once per alias and prefix.
 */
export function selectColumns(table: PgTable, alias: string, prefix: string): SQL {
  let byKey = lists.get(table);
  if (!byKey) {
    byKey = new Map();
    lists.set(table, byKey);
  }
  const key = `${alias}\u0000${prefix}`;
  let list = byKey.get(key);
  if (!list) {
    list = sql.raw(
      columns(table)
        .map(([, c]) => `${alias}."${c.name}" as "${prefix}${c.name}"`)
        .join(', '),
    );
    byKey.set(key, list);
  }
  return list;
}
