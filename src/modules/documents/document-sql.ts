/**
 * Writes of this module as SQL statements for another module to run as CTEs of one statement of
 * its own: the caller saves round trips,
 * the `documents` and `document_events` writes stay here (docs/ARCHITECTURE.md, "Table owners").
 * Each returns one `insert`/`update` without a trailing semicolon.
 */
import { type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from '../../shared/ids.js';
import type { DocumentRow } from './documents.tables.js';

/**
 * Document events, in order, as one multi-row insert (their uuidv7 ids keep the order); with
 * `onlyIf` (a boolean SQL expression, e.g. `exists (select 1 from <cte>)`) only when it holds.
 */
export function documentEventsSql(
  events: {
    doc: Pick<DocumentRow, 'id' | 'tenantId'>;
    type: string;
    detail: Record<string, unknown> | null;
    at: Date;
  }[],
  onlyIf?: SQL,
): SQL {
  const rows = events.map(
    (e) =>
      sql`(${uuidv7(e.at.getTime())}::uuid, ${e.doc.id}::uuid, ${e.doc.tenantId}::uuid, ${e.type},
        ${e.detail === null ? null : JSON.stringify(e.detail)}::jsonb, ${e.at.toISOString()}::timestamptz)`,
  );
  const values = sql`values ${sql.join(rows, sql`, `)}`;
  return onlyIf
    ? sql`insert into document_events (id, document_id, tenant_id, type, detail, created_at)
        select * from (${values}) v where ${onlyIf}`
    : sql`insert into document_events (id, document_id, tenant_id, type, detail, created_at) ${values}`;
}

/** `markEmailSent` as SQL, applied only when `when` (a boolean SQL expression) holds. */
export function markEmailSentSql(documentId: string, at: Date, when: SQL): SQL {
  const iso = at.toISOString();
  return sql`update documents set email_status = 'SENT', email_sent_at = ${iso}::timestamptz,
      updated_at = ${iso}::timestamptz
    where id = ${documentId}::uuid and (${when})`;
}
