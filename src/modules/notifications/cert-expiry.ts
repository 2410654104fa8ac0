import { and, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { ecuadorDate, ecuadorStartOfDay } from '../../shared/clock.js';
import type { NotificationType, Severity } from './notification-types.js';
import { notifications } from './notifications.tables.js';
import { lockKey, type Notifier, type ProducedNotification, tenantOf } from './notifier.js';
import { certificateText } from './texts.js';

/** docs/spec-map.md: alerts within 30 days of expiry; ERROR at 7 days or fewer. */
const CERT_ALERT_DAYS = 30;
const CERT_ERROR_DAYS = 7;
const DAY_MS = 86_400_000;
const CERT_TYPES: NotificationType[] = ['CERT_EXPIRING', 'CERT_EXPIRED'];

export interface CertStage {
  type: NotificationType;
  severity: Severity;
  daysRemaining: number;
}

/** Ecuador calendar days from `now`'s day to `expiry`'s day (an expiry late tonight is 0 days away). */
export function ecuadorDaysUntil(expiry: Date, now: Date): number {
  return Math.round((ecuadorStartOfDay(expiry).getTime() - ecuadorStartOfDay(now).getTime()) / DAY_MS);
}

/** Which alert a certificate deserves now, or null when it is more than 30 days away. */
export function certificateStage(expiry: Date, now: Date): CertStage | null {
  if (expiry.getTime() <= now.getTime()) return { type: 'CERT_EXPIRED', severity: 'ERROR', daysRemaining: 0 };
  const days = ecuadorDaysUntil(expiry, now);
  if (days > CERT_ALERT_DAYS) return null;
  return {
    type: 'CERT_EXPIRING',
    severity: days > CERT_ERROR_DAYS ? 'WARNING' : 'ERROR',
    daysRemaining: days,
  };
}

/** jsonb does not keep key order, so compare with sorted keys. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

type IssuerFacts = Pick<typeof issuers.$inferSelect, 'id' | 'tenantId' | 'branchCode' | 'issuePointCode'>;

/** One alert row per issuer: every certificate alert of an issuer shares this dedupe key. */
const dedupeKeyOf = (issuerId: string) => `cert:${issuerId}`;

export function createCertificateAlerts(deps: { db: Executor; notifier: Notifier }) {
  const { db, notifier } = deps;

  /**
   * Brings the issuer's alert in line with a certificate expiring at `expiry`. The unread row is
   * updated in place when anything changed (a new day, a new stage, a new certificate). Without
   * an unread row, a new one is created unless the newest alert, already read, said the same
   * thing (same certificate, type and severity): reading a WARNING acknowledges it until the
   * alert turns ERROR or EXPIRED, instead of a fresh row every morning.
   */
  async function refresh(tx: Executor, issuer: IssuerFacts, expiry: Date, now: Date) {
    const stage = certificateStage(expiry, now);
    if (!stage) return null;
    const key = dedupeKeyOf(issuer.id);
    await lockKey(tx, `dedupe:${issuer.tenantId}:${key}`);
    const tenant = await tenantOf(tx, issuer.tenantId);
    const certExpiry = expiry.toISOString();
    const metadata = {
      issuerId: issuer.id,
      certExpiry,
      daysRemaining: stage.daysRemaining,
      branchCode: issuer.branchCode,
      issuePointCode: issuer.issuePointCode,
    };
    const text = certificateText(tenant.language, {
      expired: stage.type === 'CERT_EXPIRED',
      daysRemaining: stage.daysRemaining,
      point: `${issuer.branchCode}-${issuer.issuePointCode}`,
      expiryDate: ecuadorDate(expiry),
    });
    const content = {
      issuerId: issuer.id,
      type: stage.type,
      severity: stage.severity,
      ...text,
      metadata,
      expiresAt: null,
    };
    const existing = await notifier.currentByDedupeKey(tx, tenant.id, key, now);
    if (existing) {
      const same =
        existing.type === stage.type &&
        existing.severity === stage.severity &&
        canonicalJson(existing.metadata) === canonicalJson(metadata) &&
        existing.message === text.message;
      if (same) return null;
      return notifier.publish(
        tx,
        tenant,
        await notifier.update(tx, existing.id, { ...content, language: tenant.language }, now),
        false,
        now,
      );
    }
    const [latest] = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.tenantId, tenant.id),
          eq(notifications.issuerId, issuer.id),
          inArray(notifications.type, CERT_TYPES),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(1);
    const acknowledged =
      latest?.readAt &&
      latest.type === stage.type &&
      latest.severity === stage.severity &&
      (latest.metadata as { certExpiry?: string } | null)?.certExpiry === certExpiry;
    if (acknowledged) return null;
    const row = await notifier.insert(tx, tenant, content, { dedupeKey: key }, now);
    return notifier.publish(tx, tenant, row, true, now);
  }

  /** Marks the unread alert read and expired at `now`: gone from the list; a webhook says so. */
  async function dismiss(tx: Executor, issuer: IssuerFacts, now: Date) {
    const key = dedupeKeyOf(issuer.id);
    await lockKey(tx, `dedupe:${issuer.tenantId}:${key}`);
    const existing = await notifier.currentByDedupeKey(tx, issuer.tenantId, key, now);
    if (!existing) return null;
    const tenant = await tenantOf(tx, issuer.tenantId);
    const row = await notifier.update(tx, existing.id, { readAt: now, expiresAt: now }, now);
    return notifier.publish(tx, tenant, row, false, now);
  }

  return {
    /**
     * The daily job: every active issuer whose certificate is within 30 days of expiry (or past
     * it) gets its alert created or updated; an unread alert whose issuer meanwhile got a
     * certificate more than 30 days away is dismissed. One transaction per issuer.
     */
    async certificateExpiryCheck(now: Date) {
      const horizon = new Date(now.getTime() + (CERT_ALERT_DAYS + 1) * DAY_MS);
      const due = await db
        .select()
        .from(issuers)
        .where(
          and(eq(issuers.active, true), isNotNull(issuers.certExpiry), lte(issuers.certExpiry, horizon)),
        );
      const stale = await db
        .select({ issuer: issuers })
        .from(notifications)
        .innerJoin(issuers, eq(issuers.id, notifications.issuerId))
        .where(and(inArray(notifications.type, CERT_TYPES), isNull(notifications.readAt)));
      const summary = { checked: due.length, created: 0, updated: 0, dismissed: 0 };
      const failures: unknown[] = [];
      for (const issuer of due) {
        try {
          const r = await withTransaction(db, (tx) => refresh(tx, issuer, issuer.certExpiry!, now));
          if (r) summary[r.created ? 'created' : 'updated'] += 1;
        } catch (e) {
          failures.push(e);
        }
      }
      for (const { issuer } of stale) {
        const current = issuer.certExpiry && issuer.active ? certificateStage(issuer.certExpiry, now) : null;
        if (current) continue;
        if (await withTransaction(db, (tx) => dismiss(tx, issuer, now))) summary.dismissed += 1;
      }
      // Idempotent per issuer, so the queue may safely run the whole check again.
      if (failures.length)
        throw new AggregateError(failures, `certificate check failed for ${failures.length} issuer(s)`);
      return summary;
    },

    /**
     * For the issuers module, in the transaction that stores the new certificate. When it leaves
     * more than 30 days, the issuer's alert is dismissed (marked read and expired now); otherwise
     * the alert is updated in place to the new certificate's expiry.
     */
    async certificateRenewed(
      tx: Executor,
      issuerId: string,
      newExpiry: Date,
      now: Date,
    ): Promise<ProducedNotification | null> {
      const [issuer] = await tx.select().from(issuers).where(eq(issuers.id, issuerId));
      if (!issuer) throw new Error(`notifications: unknown issuer ${issuerId}`);
      if (certificateStage(newExpiry, now)) return refresh(tx, issuer, newExpiry, now);
      return dismiss(tx, issuer, now);
    },
  };
}
