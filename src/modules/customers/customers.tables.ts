import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type CustomerIdType = '04' | '05' | '06' | '07' | '08';

/** Mirrors migrations/0730_customers.sql. */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  idType: text('id_type').$type<CustomerIdType>().notNull(),
  identification: text('identification').notNull(),
  name: text('name').notNull(),
  searchName: text('search_name').notNull(),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type CustomerRow = typeof customers.$inferSelect;
