import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { validationError } from '../../shared/errors.js';
import {
  type Channel,
  CONFIGURABLE_PAIRS,
  hasEmailEquivalent,
  MANDATORY_TYPE,
  type NotificationType,
} from './notification-types.js';
import { notificationPreferences } from './notifications.tables.js';

export interface Preference {
  type: NotificationType;
  channel: Channel;
  enabled: boolean;
}

/** Every configurable pair with its value; pairs never configured are enabled. */
export async function listPreferences(exec: Executor, tenantId: string): Promise<Preference[]> {
  const rows = await exec
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.tenantId, tenantId));
  const stored = new Map(rows.map((r) => [`${r.type}/${r.channel}`, r.enabled]));
  return CONFIGURABLE_PAIRS.map((p) => ({ ...p, enabled: stored.get(`${p.type}/${p.channel}`) ?? true }));
}

/** Whether a channel is on for a type. The mandatory type is always on. */
export async function isChannelEnabled(
  exec: Executor,
  tenantId: string,
  type: NotificationType,
  channel: Channel,
): Promise<boolean> {
  if (type === MANDATORY_TYPE) return true;
  const [row] = await exec
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.tenantId, tenantId),
        eq(notificationPreferences.type, type),
        eq(notificationPreferences.channel, channel),
      ),
    );
  return row?.enabled ?? true;
}

/** Types the tenant turned off IN_APP: hidden from the list and the unread count. */
export async function hiddenTypes(exec: Executor, tenantId: string): Promise<NotificationType[]> {
  const rows = await exec
    .select({ type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.tenantId, tenantId),
        eq(notificationPreferences.channel, 'IN_APP'),
        eq(notificationPreferences.enabled, false),
      ),
    );
  return rows.map((r) => r.type).filter((t) => t !== MANDATORY_TYPE);
}

/**
 * The combination rules the body schema cannot say, all reported at once, each naming its entry:
 * the mandatory type cannot be configured, IN_APP-only types have no EMAIL channel, and a pair
 * may appear once per request.
 */
export function checkPreferenceEntries(entries: readonly Preference[]): void {
  const errors: { path: string; message: string }[] = [];
  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.type === MANDATORY_TYPE) {
      errors.push({
        path: `preferences[${i}].type`,
        message: `${e.type} is mandatory and cannot be configured`,
      });
    } else if (e.channel === 'EMAIL' && !hasEmailEquivalent(e.type)) {
      errors.push({
        path: `preferences[${i}].channel`,
        message: `${e.type} has no EMAIL channel (IN_APP only)`,
      });
    }
    const key = `${e.type}/${e.channel}`;
    const first = seen.get(key);
    if (first !== undefined)
      errors.push({ path: `preferences[${i}]`, message: `repeats preferences[${first}] (${key})` });
    else seen.set(key, i);
  });
  if (errors.length) throw validationError(errors[0]!.path, errors[0]!.message, errors.slice(1));
}

export async function upsertPreferences(
  tx: Executor,
  tenantId: string,
  entries: readonly Preference[],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(
      entries.map((e) => ({
        tenantId,
        type: e.type,
        channel: e.channel,
        enabled: e.enabled,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [
        notificationPreferences.tenantId,
        notificationPreferences.type,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}
