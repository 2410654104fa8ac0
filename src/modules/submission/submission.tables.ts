import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SriMessage } from '../../adapters/sri/index.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type OperationType = 'RECEPTION' | 'AUTHORIZATION';

/** Mirrors migrations/0200_submission.sql. */
export const sriResponses = pgTable('sri_responses', {
  id: uuid('id').primaryKey(),
  documentId: uuid('document_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  operationType: text('operation_type').$type<OperationType>().notNull(),
  status: text('status').notNull(),
  messages: jsonb('messages').$type<SriMessage[] | null>(),
  createdAt: ts('created_at').notNull(),
});

export const documentSubmissions = pgTable('document_submissions', {
  documentId: uuid('document_id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  receptionInFlightSince: ts('reception_in_flight_since'),
  consecutiveRetries: integer('consecutive_retries').notNull(),
  lastFailureStatus: text('last_failure_status'),
  lastFailureAt: ts('last_failure_at'),
  build: integer('build').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type SubmissionRow = typeof documentSubmissions.$inferSelect;
