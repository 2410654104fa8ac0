import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.tables.js';

/** The Webhook endpoint resource of docs/spec-map.md (the secret is never part of it). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  eventTypes: string[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toEndpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface WebhookAttemptView {
  number: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  success: boolean;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  event: string;
  notificationId: string | null;
  status: WebhookDeliveryRow['status'];
  attemptCount: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  failedAt: string | null;
  attempts: WebhookAttemptView[];
}

export function toDeliveryView(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event,
    notificationId: row.notificationId,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    attempts: attempts.map((a) => ({
      number: a.number,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      error: a.error,
      success: a.success,
    })),
  };
}
