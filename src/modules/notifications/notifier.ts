import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import { uuidv7 } from '../../shared/ids.js';
import { queueEmail } from '../mail/index.js';
import type { WebhookEvent } from '../webhooks/index.js';
import { notificationEmail } from './emails.js';
import {
  hasEmailEquivalent,
  type Language,
  type LocalizedText,
  localize,
  type NotificationType,
  type Severity,
} from './notification-types.js';
import { type NotificationView, toNotificationView } from './notification-view.js';
import { type NotificationRow, notifications } from './notifications.tables.js';
import { isChannelEnabled } from './preferences.js';

/** The generic producer input (other modules call `notify` with it, inside their transaction). */
export interface NotifyInput {
  tenantId: string;
  issuerId?: string | null;
  type: NotificationType;
  severity: Severity;
  /** One text, or `{es, en}`: the tenant's language picks. */
  title: LocalizedText;
  message: LocalizedText;
  metadata?: Record<string, unknown> | null;
  expiresAt?: Date | null;
  /** The same alert: an unread, unexpired row with this key is updated in place instead. */
  dedupeKey?: string | null;
}

/** What a producer call did. */
export interface ProducedNotification {
  notification: NotificationView;
  /** false when an existing row was updated in place. */
  created: boolean;
  /** One per endpoint the event was sent to. */
  deliveryIds: string[];
  /** Id of the queued email, or null (no email equivalent, EMAIL turned off, or suppressed). */
  emailId: string | null;
}

export type Dispatch = (tx: Executor, ev: WebhookEvent, now: Date) => Promise<string[]>;

export interface Tenant {
  id: string;
  language: Language;
  email: string;
}

/** Columns a producer decides; the rest (ids, times, keys) the notifier fills in. */
export interface Content {
  issuerId: string | null;
  type: NotificationType;
  severity: Severity;
  title: string;
  message: string;
  metadata: Record<string, unknown> | null;
  expiresAt: Date | null;
}

/**
 * Serializes producers working on the same key (aggregation window, dedupe key, threshold) for
 * the rest of the transaction. Advisory, so unrelated work on the rows is never blocked.
 */
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notifications:${key}`}, 0))`);
}

export async function tenantOf(tx: Executor, tenantId: string): Promise<Tenant> {
  const [row] = await tx
    .select({ id: tenants.id, language: tenants.language, email: tenants.email })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) throw new Error(`notifications: unknown tenant ${tenantId}`);
  return row;
}

/**
 * `tenantOf` and `lockKey(key)` in one statement: the lock is taken as the tenant's row is read,
 * so every later statement of `tx` (each with its own snapshot) sees what the lock's previous
 * holder committed.
 */
export async function lockedTenantOf(tx: Executor, tenantId: string, key: string): Promise<Tenant> {
  const { rows } = await tx.execute<{ id: string; language: Language; email: string }>(sql`
    select id, language, email, pg_advisory_xact_lock(hashtextextended(${`notifications:${key}`}, 0)) as locked
    from tenants where id = ${tenantId}::uuid`);
  const row = rows[0];
  if (!row) throw new Error(`notifications: unknown tenant ${tenantId}`);
  return { id: row.id, language: row.language, email: row.email };
}

function isExpired(row: Pick<NotificationRow, 'expiresAt'>, now: Date): boolean {
  return row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
}

export function createNotifier(deps: { dispatch: Dispatch }) {
  /**
   * Every creation or update goes out: one webhook delivery per matching endpoint and, when the
   * type has an email equivalent and the tenant left EMAIL on, the email; all in `tx`.
   */
  async function publish(
    tx: Executor,
    tenant: Tenant,
    row: NotificationRow,
    created: boolean,
    now: Date,
    opts: { email?: boolean } = {},
  ): Promise<ProducedNotification> {
    const notification = toNotificationView(row);
    const deliveryIds = await deps.dispatch(
      tx,
      {
        tenantId: tenant.id,
        event: row.type,
        occurredAt: row.updatedAt,
        data: notification,
        notificationId: row.id,
      },
      now,
    );
    let emailId: string | null = null;
    if (
      opts.email !== false &&
      hasEmailEquivalent(row.type) &&
      (await isChannelEnabled(tx, tenant.id, row.type, 'EMAIL'))
    ) {
      const mail = notificationEmail(tenant.language, row);
      emailId = await queueEmail(
        tx,
        {
          tenantId: tenant.id,
          kind: 'notification',
          to: tenant.email,
          ...mail,
          ref: { notificationId: row.id, type: row.type },
        },
        now,
      );
    }
    return { notification, created, deliveryIds, emailId };
  }

  async function insert(
    tx: Executor,
    tenant: Tenant,
    content: Content,
    keys: {
      dedupeKey?: string | null;
      onceKey?: string | null;
      aggregationKey?: string | null;
      windowEndsAt?: Date | null;
    },
    now: Date,
  ): Promise<NotificationRow> {
    const [row] = await tx
      .insert(notifications)
      .values({
        id: uuidv7(now.getTime()),
        tenantId: tenant.id,
        language: tenant.language,
        ...content,
        dedupeKey: keys.dedupeKey ?? null,
        onceKey: keys.onceKey ?? null,
        aggregationKey: keys.aggregationKey ?? null,
        windowEndsAt: keys.windowEndsAt ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }

  async function update(tx: Executor, id: string, set: Partial<NotificationRow>, now: Date) {
    const [row] = await tx
      .update(notifications)
      .set({ ...set, updatedAt: now })
      .where(eq(notifications.id, id))
      .returning();
    return row!;
  }

  /** The unread row holding a dedupe key, locked; an expired one gives its key up (a new row follows). */
  async function currentByDedupeKey(tx: Executor, tenantId: string, dedupeKey: string, now: Date) {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.tenantId, tenantId),
          eq(notifications.dedupeKey, dedupeKey),
          isNull(notifications.readAt),
        ),
      )
      .for('update');
    if (row && isExpired(row, now)) {
      await tx.update(notifications).set({ dedupeKey: null }).where(eq(notifications.id, row.id));
      return null;
    }
    return row ?? null;
  }

  /** Creates, or with a dedupe key updates in place, and publishes. */
  async function save(
    tx: Executor,
    tenant: Tenant,
    content: Content,
    dedupeKey: string | null,
    now: Date,
    opts: { email?: boolean } = {},
  ): Promise<ProducedNotification> {
    if (dedupeKey) {
      await lockKey(tx, `dedupe:${tenant.id}:${dedupeKey}`);
      const existing = await currentByDedupeKey(tx, tenant.id, dedupeKey, now);
      if (existing)
        return publish(
          tx,
          tenant,
          await update(tx, existing.id, { ...content, language: tenant.language }, now),
          false,
          now,
          opts,
        );
    }
    return publish(tx, tenant, await insert(tx, tenant, content, { dedupeKey }, now), true, now, opts);
  }

  async function notify(tx: Executor, input: NotifyInput, now: Date): Promise<ProducedNotification> {
    const tenant = await tenantOf(tx, input.tenantId);
    const content: Content = {
      issuerId: input.issuerId ?? null,
      type: input.type,
      severity: input.severity,
      title: localize(input.title, tenant.language),
      message: localize(input.message, tenant.language),
      metadata: input.metadata ?? null,
      expiresAt: input.expiresAt ?? null,
    };
    return save(tx, tenant, content, input.dedupeKey ?? null, now);
  }

  return { notify, save, publish, insert, update, currentByDedupeKey };
}

export type Notifier = ReturnType<typeof createNotifier>;
