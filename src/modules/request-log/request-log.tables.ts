import { bigint, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0735_api_request_log.sql. */
export const apiRequestLog = pgTable('api_request_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  keyId: uuid('key_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  status: smallint('status').notNull(),
  code: text('code'),
  requestId: text('request_id').notNull(),
  durationMs: integer('duration_ms').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
