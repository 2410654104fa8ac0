import { bigint, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type ExportKind = 'xml' | 'ride';
export type ExportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'EXPIRED';

/** Mirrors migrations/0705_document_exports.sql (and 0850: EXPIRED). */
export const documentExports = pgTable('document_exports', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  issuerId: uuid('issuer_id').notNull(),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  kind: text('kind').$type<ExportKind>().notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  status: text('status').$type<ExportStatus>().notNull(),
  total: integer('total').notNull(),
  done: integer('done').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  error: text('error'),
  createdAt: ts('created_at').notNull(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});

export type ExportRow = typeof documentExports.$inferSelect;
