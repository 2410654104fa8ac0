/** Drizzle mirror of migrations/0400_notifications.sql (the migration is the source of truth). */
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Channel, NotificationType, Severity } from './notification-types.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  issuerId: uuid('issuer_id'),
  type: text('type').$type<NotificationType>().notNull(),
  severity: text('severity').$type<Severity>().notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  /** What title and message are written in (migrations/0740). */
  language: text('language').$type<'es' | 'en'>().notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
  readAt: ts('read_at'),
  expiresAt: ts('expires_at'),
  dedupeKey: text('dedupe_key'),
  onceKey: text('once_key'),
  aggregationKey: text('aggregation_key'),
  windowEndsAt: ts('window_ends_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type NotificationRow = typeof notifications.$inferSelect;

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    tenantId: uuid('tenant_id').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.type, t.channel] })],
);

/**
 * Authorized documents waiting for their issuer's DOCUMENT_AUTHORIZED aggregation job
 * (migrations/0791_document_authorized_pending.sql): appended by the authorization's
 * transaction, removed by the transaction that adds them to the notification.
 */
export const notificationAuthorizedPending = pgTable('notification_authorized_pending', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  issuerId: uuid('issuer_id').notNull(),
  document: jsonb('document').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
