import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0600_sessions.sql. */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  codeHash: text('code_hash').notNull(),
  linkHash: text('link_hash').notNull(),
  attempts: integer('attempts').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});
