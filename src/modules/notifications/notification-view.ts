import type { NotificationType, Severity } from './notification-types.js';
import type { NotificationRow } from './notifications.tables.js';

/** The Notification resource of docs/spec-map.md, plus `updatedAt` (aggregated rows change in place). */
export interface NotificationView {
  id: string;
  type: NotificationType;
  severity: Severity;
  title: string;
  message: string;
  /** The language title and message are written in (the account's when it was written). */
  language: 'es' | 'en';
  metadata: Record<string, unknown> | null;
  issuerId: string | null;
  readAt: string | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    title: row.title,
    message: row.message,
    language: row.language,
    metadata: row.metadata,
    issuerId: row.issuerId,
    readAt: row.readAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
