import { date, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Environment } from '../../shared/scope.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type PurchaseType = '01' | '03' | '04' | '05' | '06' | '07';
export type PurchaseSource = 'KEY' | 'TXT' | 'XML';

export interface PurchaseTax {
  /** 2 IVA, 3 ICE, 5 IRBPNR. */
  code: string;
  rateCode: string;
  rate: string | null;
  taxableBase: string;
  amount: string;
}
export interface PurchasePayment {
  method: string;
  total: string;
  term: string | null;
  termUnit: string | null;
}
export interface OriginalDocument {
  documentType: string;
  number: string;
  issueDate: string;
}
export interface ReceivedWithholding {
  code: string;
  withholdingCode: string;
  taxableBase: string;
  rate: string;
  amount: string;
  supportingDocument: { documentType: string; number: string | null; issueDate: string | null } | null;
}

/** Mirrors migrations/0820_purchases.sql. */
export const purchases = pgTable('purchases', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  environment: text('environment').$type<Environment>().notNull(),
  accessKey: text('access_key').notNull(),
  documentType: text('document_type').$type<PurchaseType>().notNull(),
  source: text('source').$type<PurchaseSource>().notNull(),
  issuerId: uuid('issuer_id'),
  receiverId: text('receiver_id').notNull(),
  supplierRuc: text('supplier_ruc').notNull(),
  supplierName: text('supplier_name').notNull(),
  supplierTradeName: text('supplier_trade_name'),
  number: text('number').notNull(),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  authorizationNumber: text('authorization_number').notNull(),
  authorizationDate: ts('authorization_date'),
  totalWithoutTaxes: numeric('total_without_taxes', { precision: 14, scale: 2 }),
  iva: numeric('iva', { precision: 14, scale: 2 }),
  total: numeric('total', { precision: 14, scale: 2 }),
  taxes: jsonb('taxes').$type<PurchaseTax[]>().notNull(),
  payments: jsonb('payments').$type<PurchasePayment[]>().notNull(),
  originalDocument: jsonb('original_document').$type<OriginalDocument | null>(),
  withholdings: jsonb('withholdings').$type<ReceivedWithholding[]>().notNull(),
  xml: text('xml').notNull(),
  sriStatus: text('sri_status').notNull(),
  sriCheckedAt: ts('sri_checked_at'),
  checkUntil: ts('check_until').notNull(),
  voidedAt: ts('voided_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type PurchaseRow = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;

export const purchaseImports = pgTable('purchase_imports', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  environment: text('environment').$type<Environment>().notNull(),
  status: text('status').$type<'RUNNING' | 'DONE' | 'FAILED'>().notNull(),
  totalRows: integer('total_rows').notNull(),
  throttled: integer('throttled').notNull(),
  createdAt: ts('created_at').notNull(),
  finishedAt: ts('finished_at'),
});

const ROW_OUTCOMES = [
  'CREATED',
  'EXISTING',
  'UNKNOWN',
  'NOT_ADDRESSED',
  'MALFORMED',
  'WRONG_ENVIRONMENT',
  'NOT_AUTHORIZED',
  'FAILED',
] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const purchaseImportRows = pgTable('purchase_import_rows', {
  importId: uuid('import_id').notNull(),
  line: integer('line').notNull(),
  accessKey: text('access_key').notNull(),
  status: text('status').$type<'PENDING' | RowOutcome>().notNull(),
  errorCode: text('error_code'),
  errorDetail: text('error_detail'),
  purchaseId: uuid('purchase_id'),
});
