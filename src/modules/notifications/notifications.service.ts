import { and, asc, count, desc, eq, gt, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { isUuid } from '../../shared/ids.js';
import { toNotificationView } from './notification-view.js';
import { notifications } from './notifications.tables.js';
import {
  checkPreferenceEntries,
  hiddenTypes,
  listPreferences,
  type Preference,
  upsertPreferences,
} from './preferences.js';

/** What this service reads of its caller (never the HTTP request). */
type Caller = Pick<AuthContext, 'issuerId' | 'tenantId'>;

/** The list answers at most this many notifications per call (default 50). */
export const LIST_MAX = 100;
export const LIST_DEFAULT = 50;

/** The client side of notifications: the list, mark-read and preferences (docs/spec-map.md). */
export function createNotificationsApi(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  /** What the caller may see: unexpired, of the issuer (plus tenant-level) when one is named, IN_APP on. */
  async function visible(auth: Caller, now: Date): Promise<SQL> {
    const hidden = await hiddenTypes(db, auth.tenantId);
    return and(
      eq(notifications.tenantId, auth.tenantId),
      or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
      auth.issuerId
        ? or(eq(notifications.issuerId, auth.issuerId), isNull(notifications.issuerId))
        : undefined,
      hidden.length ? notInArray(notifications.type, hidden) : undefined,
    )!;
  }

  return {
    /**
     * Newest first. Without sinceId: the newest `limit`. With sinceId: the `limit` created right
     * after it (shown newest first), so that polling again with the newest id received walks
     * forward without gaps; `hasMore` says another call has more. `unreadCount` counts every
     * visible unread notification, whatever sinceId and limit say.
     */
    async list(auth: Caller, query: { sinceId?: string; limit?: number }) {
      if (query.sinceId !== undefined && !isUuid(query.sinceId))
        throw new AppError('ISSUER_ID_INVALID', 'sinceId must be a notification id (UUID)');
      const limit = Math.min(query.limit ?? LIST_DEFAULT, LIST_MAX);
      const now = clock.now();
      const where = await visible(auth, now);
      const sinceId = query.sinceId?.toLowerCase();
      const rows = await db
        .select()
        .from(notifications)
        .where(sinceId ? and(where, gt(notifications.id, sinceId)) : where)
        .orderBy(sinceId ? asc(notifications.id) : desc(notifications.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      if (sinceId) page.reverse();
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(where, isNull(notifications.readAt)));
      return {
        notifications: page.map(toNotificationView),
        unreadCount: Number(n),
        hasMore: rows.length > limit,
      };
    },

    /** Sets readAt once; unknown, another tenant's, expired or already read: 404. */
    async markRead(auth: Caller, id: string) {
      const now = clock.now();
      const [row] = await db
        .update(notifications)
        .set({ readAt: now, updatedAt: now })
        .where(
          and(
            eq(notifications.id, id),
            eq(notifications.tenantId, auth.tenantId),
            isNull(notifications.readAt),
            or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
          ),
        )
        .returning();
      if (!row) throw notFound('Notification (unknown or already read)');
      return toNotificationView(row);
    },

    async preferences(auth: Caller) {
      return listPreferences(db, auth.tenantId);
    },

    /** Bulk upsert per (type, channel); answers the full resulting list. */
    async updatePreferences(auth: Caller, entries: Preference[]) {
      checkPreferenceEntries(entries);
      return withTransaction(db, async (tx) => {
        await upsertPreferences(tx, auth.tenantId, entries, clock.now());
        return listPreferences(tx, auth.tenantId);
      });
    },
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
