import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Environment } from '../../shared/scope.js';
import type { AtsReportProblem, AtsReportSummary } from './ats-report.model.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type AtsReportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'REFUSED' | 'FAILED' | 'EXPIRED';

/** Mirrors migrations/0880_ats_reports.sql (and 0920: EXPIRED, expires_at). */
export const atsReports = pgTable('ats_reports', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  environment: text('environment').$type<Environment>().notNull(),
  issuerId: uuid('issuer_id').notNull(),
  ruc: text('ruc').notNull(),
  year: integer('year').notNull(),
  month: integer('month'),
  semester: integer('semester'),
  status: text('status').$type<AtsReportStatus>().notNull(),
  done: integer('done').notNull(),
  total: integer('total').notNull(),
  summary: jsonb('summary').$type<AtsReportSummary | null>(),
  problems: jsonb('problems').$type<AtsReportProblem[]>().notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  createdAt: ts('created_at').notNull(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  expiresAt: ts('expires_at'),
});
export type AtsReportRow = typeof atsReports.$inferSelect;

export const purchaseAtsSustento = pgTable('purchase_ats_sustento', {
  purchaseId: uuid('purchase_id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  sustento: text('sustento').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const supplierAtsDefaults = pgTable(
  'supplier_ats_defaults',
  {
    tenantId: uuid('tenant_id').notNull(),
    environment: text('environment').$type<Environment>().notNull(),
    supplierRuc: text('supplier_ruc').notNull(),
    sustento: text('sustento').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.environment, t.supplierRuc] })],
);
