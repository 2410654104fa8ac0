import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface ProductTax {
  code: '2' | '3' | '5';
  rateCode: string;
}

/** Mirrors migrations/0731_products.sql and 0900_lookalike_identifiers.sql. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  mainCode: text('main_code').notNull(),
  /** codeKey(mainCode), written by the service: the unique one (migrations/0900). */
  mainCodeKey: text('main_code_key').notNull(),
  auxiliaryCode: text('auxiliary_code'),
  description: text('description').notNull(),
  searchText: text('search_text').notNull(),
  unitPrice: text('unit_price').notNull(),
  taxes: jsonb('taxes').$type<ProductTax[]>().notNull(),
  additionalDetails: jsonb('additional_details').$type<{ name: string; value: string }[]>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type ProductRow = typeof products.$inferSelect;
