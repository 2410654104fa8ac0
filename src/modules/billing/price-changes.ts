import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { tiers } from '../../db/tables.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, validationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { D, fixed } from '../../shared/money.js';
import {
  type BillingInterval,
  DAY_MS,
  isBillingInterval,
  isPaidTier,
  PRICE_NOTICE_DAYS,
} from './billing.constants.js';
import {
  type PriceChangeRow,
  priceChangeNotices,
  subscriptions,
  tierPriceChanges,
} from './billing.tables.js';
import type { BillingNotifications } from './billing-notifications.js';
import { currentPrice } from './pricing.js';

function toPriceChangeView(c: PriceChangeRow) {
  return {
    id: c.id,
    tier: c.tier,
    billingInterval: c.billingInterval,
    previousPrice: fixed(new D(c.previousPrice)),
    newPrice: fixed(new D(c.newPrice)),
    effectiveAt: c.effectiveAt.toISOString(),
    announcedAt: c.announcedAt.toISOString(),
    appliedAt: c.appliedAt?.toISOString() ?? null,
  };
}

const PRICE_RE = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * Price changes of paid plans: announced by the operator at least 30 days ahead, told to every
 * tenant whose ACTIVE subscription is on that plan and interval (PRICE_CHANGE_ANNOUNCED, once per
 * tenant, also to those who subscribe during the notice window), copied into `tiers` once due.
 */
export function createPriceChanges(deps: {
  db: Executor;
  clock: Clock;
  notifications: BillingNotifications;
}) {
  const { db, clock, notifications } = deps;

  /** Notifies the affected tenants not told yet; returns how many were. */
  async function notifyAffected(tx: Executor, change: PriceChangeRow, now: Date): Promise<number> {
    const targets = await tx
      .select({ tenantId: subscriptions.tenantId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'ACTIVE'),
          eq(subscriptions.tier, change.tier),
          eq(subscriptions.billingInterval, change.billingInterval),
          sql`not exists (select 1 from price_change_notices n where n.price_change_id = ${change.id} and n.tenant_id = ${subscriptions.tenantId})`,
        ),
      );
    for (const t of targets) {
      const inserted = await tx
        .insert(priceChangeNotices)
        .values({ priceChangeId: change.id, tenantId: t.tenantId, notifiedAt: now })
        .onConflictDoNothing()
        .returning();
      if (inserted.length) await notifications.priceChangeAnnounced(tx, t.tenantId, change, now);
    }
    return targets.length;
  }

  return {
    async announce(input: { tier: string; billingInterval: string; price: string; effectiveAt: Date }) {
      if (!isPaidTier(input.tier))
        throw new AppError('INVALID_TIER', 'tier must be STARTER, GROWTH or BUSINESS');
      if (!isBillingInterval(input.billingInterval))
        throw new AppError('INVALID_BILLING_INTERVAL', 'billingInterval must be MONTHLY or YEARLY');
      if (!PRICE_RE.test(input.price) || new D(input.price).lte(0))
        throw validationError('price', 'must be a positive amount with at most 2 decimals, e.g. "12.90"');
      const now = clock.now();
      const earliest = new Date(now.getTime() + PRICE_NOTICE_DAYS * DAY_MS);
      if (input.effectiveAt.getTime() < earliest.getTime())
        throw validationError(
          'effectiveAt',
          `must be at least ${PRICE_NOTICE_DAYS} days ahead (${earliest.toISOString()} or later)`,
        );
      const interval: BillingInterval = input.billingInterval;
      return withTransaction(db, async (tx) => {
        await tx.select().from(tiers).where(eq(tiers.code, input.tier)).for('update');
        const [pending] = await tx
          .select()
          .from(tierPriceChanges)
          .where(
            and(
              eq(tierPriceChanges.tier, input.tier),
              eq(tierPriceChanges.billingInterval, interval),
              isNull(tierPriceChanges.appliedAt),
            ),
          );
        if (pending)
          throw new AppError(
            'CONFLICT',
            `A change of ${input.tier} ${interval} to USD ${pending.newPrice} is already announced`,
          );
        const [change] = await tx
          .insert(tierPriceChanges)
          .values({
            id: uuidv7(now.getTime()),
            tier: input.tier,
            billingInterval: interval,
            previousPrice: await currentPrice(tx, input.tier, interval),
            newPrice: fixed(new D(input.price)),
            effectiveAt: input.effectiveAt,
            announcedAt: now,
          })
          .returning();
        const notified = await notifyAffected(tx, change!, now);
        return { priceChange: toPriceChangeView(change!), notified };
      });
    },

    list: async () =>
      (await db.select().from(tierPriceChanges).orderBy(desc(tierPriceChanges.announcedAt))).map(
        toPriceChangeView,
      ),

    /** Daily: due changes go into `tiers`; tenants who joined during the notice window are told. */
    async run(now: Date) {
      return withTransaction(db, async (tx) => {
        const pending = await tx
          .select()
          .from(tierPriceChanges)
          .where(isNull(tierPriceChanges.appliedAt))
          .orderBy(asc(tierPriceChanges.effectiveAt))
          .for('update');
        let applied = 0;
        let notified = 0;
        for (const c of pending) {
          if (c.effectiveAt.getTime() <= now.getTime()) {
            const column =
              c.billingInterval === 'YEARLY' ? { yearlyPrice: c.newPrice } : { monthlyPrice: c.newPrice };
            await tx.update(tiers).set(column).where(eq(tiers.code, c.tier));
            await tx.update(tierPriceChanges).set({ appliedAt: now }).where(eq(tierPriceChanges.id, c.id));
            applied++;
          } else {
            notified += await notifyAffected(tx, c, now);
          }
        }
        return { applied, notified };
      });
    },

    /** Announcements not yet in force, for GET /v1/tiers. */
    upcoming: (exec: Executor, now: Date) =>
      exec
        .select()
        .from(tierPriceChanges)
        .where(and(isNull(tierPriceChanges.appliedAt), gt(tierPriceChanges.effectiveAt, now)))
        .orderBy(asc(tierPriceChanges.effectiveAt)),
  };
}

export type PriceChanges = ReturnType<typeof createPriceChanges>;
