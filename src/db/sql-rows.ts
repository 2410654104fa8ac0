import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row that raw SQL (`returning *`, snake_case columns, driver values) returned, as Drizzle's
 * select of `table` gives it: for the statements written as one CTE to save round trips
 * (docs/pipeline-performance.md, "Statements, second pass").
 */
export function rowFromSql<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
