import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tiers } from '../../db/tables.js';
import type { Clock } from '../../shared/clock.js';
import { D, fixed } from '../../shared/money.js';
import { IVA_RATE } from './billing.constants.js';
import type { PriceChanges } from './price-changes.js';

/** GET /v1/tiers: the plans as data (decisions.md: Tiers), with announced price changes. */
export function createTiersService(deps: { db: Executor; clock: Clock; priceChanges: PriceChanges }) {
  return {
    async list() {
      const rows = await deps.db.select().from(tiers).orderBy(asc(tiers.rank));
      const upcoming = await deps.priceChanges.upcoming(deps.db, deps.clock.now());
      return rows.map((t) => ({
        code: t.code,
        rank: t.rank,
        currency: 'USD' as const,
        monthlyPrice: fixed(new D(t.monthlyPrice)),
        yearlyPrice: fixed(new D(t.yearlyPrice)),
        ivaRate: IVA_RATE,
        documentQuota: t.documentQuota,
        maxApiKeys: t.maxApiKeys,
        maxWebhookEndpoints: t.maxWebhookEndpoints,
        upcomingPrices: upcoming
          .filter((c) => c.tier === t.code)
          .map((c) => ({
            id: c.id,
            billingInterval: c.billingInterval,
            price: fixed(new D(c.newPrice)),
            effectiveAt: c.effectiveAt.toISOString(),
          })),
      }));
    },
  };
}
