import {
  bigint,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentHeader } from './types/definition.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type DocumentStatus = 'SIGNED' | 'RECEIVED' | 'RETURNED' | 'AUTHORIZED' | 'NOT_AUTHORIZED' | 'VOIDED';
/** NONE: no one to email (a final consumer invoiced without an address). */
export type EmailStatus = 'PENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'NONE';
export type DocumentTypeCode = '01' | '03' | '04' | '05' | '06' | '07';

/**
 * The `model` column: the header every type shares, spread with the content its definition
 * computed (for 01 and 04 exactly the `DocumentModel` of document-model.ts, as rows always held).
 */
export type StoredModel = DocumentHeader & Record<string, unknown>;

/** Mirrors migrations/0100_documents.sql (and later additive migrations). */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  issuerId: uuid('issuer_id').notNull(),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  documentType: text('document_type').$type<DocumentTypeCode>().notNull(),
  accessKey: text('access_key').notNull(),
  sequential: bigint('sequential', { mode: 'number' }).notNull(),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  status: text('status').$type<DocumentStatus>().notNull(),
  buyerIdType: text('buyer_id_type').notNull(),
  buyerId: text('buyer_id').notNull(),
  buyerName: text('buyer_name').notNull(),
  buyerEmail: text('buyer_email').notNull(),
  total: numeric('total').notNull(),
  model: jsonb('model').$type<StoredModel>().notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash').notNull(),
  signedXml: text('signed_xml').notNull(),
  signedAt: ts('signed_at').notNull(),
  certFingerprint: text('cert_fingerprint').notNull(),
  originalDocumentType: text('original_document_type'),
  originalNumber: text('original_number'),
  authorizationNumber: text('authorization_number'),
  authorizationDate: ts('authorization_date'),
  authorizedXml: text('authorized_xml'),
  voidReason: text('void_reason'),
  voidedAt: ts('voided_at'),
  emailStatus: text('email_status').$type<EmailStatus>().notNull(),
  emailSentAt: ts('email_sent_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type DocumentRow = typeof documents.$inferSelect;

export const documentEvents = pgTable('document_events', {
  id: uuid('id').primaryKey(),
  documentId: uuid('document_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
  type: text('type').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown> | null>(),
  createdAt: ts('created_at').notNull(),
});

export const documentQuotaUsage = pgTable(
  'document_quota_usage',
  {
    tenantId: uuid('tenant_id').notNull(),
    periodKey: text('period_key').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.periodKey] })],
);

/**
 * The list's exact totals (migrations/0711_document_counts.sql): written only by the triggers on
 * documents, read by the list (docs/scaling-lists.md).
 */
export const documentCounts = pgTable(
  'document_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    environment: text('environment').notNull(),
    documentType: text('document_type').notNull(),
    status: text('status').notNull(),
    /** One of 8 rows per counter, by writing connection (migrations/0790): readers sum them. */
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.issuerId, t.environment, t.documentType, t.status, t.shard] }),
  ],
);

export const documentDayCounts = pgTable(
  'document_day_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    environment: text('environment').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    documentType: text('document_type').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.tenantId, t.issuerId, t.environment, t.issueDate, t.documentType, t.status, t.shard],
    }),
  ],
);

/** Per creation day (UTC): where a deep page of the default order starts (migrations/0750). */
export const documentCreatedCounts = pgTable(
  'document_created_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    environment: text('environment').notNull(),
    createdDay: date('created_day', { mode: 'string' }).notNull(),
    documentType: text('document_type').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.tenantId, t.issuerId, t.environment, t.createdDay, t.documentType, t.status, t.shard],
    }),
  ],
);

/** Per creation month (UTC, its first day): the month a deep page starts in, before its day. */
export const documentCreatedMonthCounts = pgTable(
  'document_created_month_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    environment: text('environment').notNull(),
    createdMonth: date('created_month', { mode: 'string' }).notNull(),
    documentType: text('document_type').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.tenantId, t.issuerId, t.environment, t.createdMonth, t.documentType, t.status, t.shard],
    }),
  ],
);

/** Per thousand sequentials (sequential / 1000), every type: where a deep page of sortBy=sequential starts. */
export const documentSequentialCounts = pgTable(
  'document_sequential_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    environment: text('environment').notNull(),
    thousand: bigint('thousand', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.issuerId, t.environment, t.thousand] })],
);

export const documentBuyerCounts = pgTable(
  'document_buyer_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    environment: text('environment').notNull(),
    buyerName: text('buyer_name').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.issuerId, t.environment, t.buyerName] })],
);
