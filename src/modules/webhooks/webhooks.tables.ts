/** Drizzle mirror of migrations/0401_webhooks.sql (the migration is the source of truth). */
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/tables.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  secretSealed: bytea('secret_sealed').notNull(),
  active: boolean('active').notNull(),
  internal: boolean('internal').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  deactivatedAt: ts('deactivated_at'),
});

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  endpointId: uuid('endpoint_id').notNull(),
  notificationId: uuid('notification_id'),
  event: text('event').notNull(),
  payload: text('payload').notNull(),
  status: text('status').$type<DeliveryStatus>().notNull(),
  attemptCount: integer('attempt_count').notNull(),
  roundStart: integer('round_start').notNull(),
  nextAttemptAt: ts('next_attempt_at'),
  lastError: text('last_error'),
  deliveredAt: ts('delivered_at'),
  failedAt: ts('failed_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: uuid('delivery_id').notNull(),
    number: integer('number').notNull(),
    startedAt: ts('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    success: boolean('success').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.number] })],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
