import { eq } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import type { TenantScope } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, validationError } from '../../shared/errors.js';
import { ALL_SCOPES, insertApiKey } from '../keys/index.js';
import { markPromoted, type TenantsService } from '../tenants/index.js';
import { isBillingInterval } from './billing.constants.js';
import { lockTenant, openSubscription, subscriptionView } from './billing.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/**
 * POST /v1/tenants/promote: the account goes to production. Needs a verified email (403
 * EMAIL_VERIFICATION_REQUIRED) and the current agreements accepted (403 FORBIDDEN, naming the
 * types to accept). A tier is chosen unless a subscription is already ACTIVE (then any tier given
 * is ignored): FREE, or a paid tier that starts a subscription exactly like POST /v1/subscriptions.
 * Answers with a production key holding all nine scopes, shown once; sandbox keys stay valid for
 * the non-document routes but document routes refuse them (401 API_KEY_ENV_MISMATCH).
 */
export function createPromotionService(deps: {
  db: Executor;
  clock: Clock;
  subscriptions: Pick<SubscriptionsService, 'start'>;
  pendingAgreements: (exec: Executor, tenantId: string) => Promise<string[]>;
  tenantView: TenantsService['tenantView'];
}) {
  const { db, clock } = deps;
  return {
    async promote(auth: TenantScope, body: { tier?: string; billingInterval?: string }) {
      const now = clock.now();
      const result = await withTransaction(db, async (tx) => {
        const tenant = await lockTenant(tx, auth.tenantId);
        if (!tenant.emailVerifiedAt)
          throw new AppError(
            'EMAIL_VERIFICATION_REQUIRED',
            'Verify your email address before going to production',
          );
        if (!tenant.sandbox) throw new AppError('CONFLICT', 'The account is already in production');
        const pending = await deps.pendingAgreements(tx, tenant.id);
        if (pending.length)
          throw new AppError(
            'FORBIDDEN',
            `Accept the current agreements before going to production (${pending.join(', ')}): GET /v1/tenants/agreements`,
          );
        const open = await openSubscription(tx, tenant.id, { lock: true });
        let started: Awaited<ReturnType<SubscriptionsService['start']>> | null = null;
        if (open?.status !== 'ACTIVE') {
          if (body.tier === undefined)
            throw validationError(
              'tier',
              'is required (FREE, STARTER, GROWTH or BUSINESS) unless a subscription is ACTIVE',
            );
          if (body.tier !== 'FREE')
            started = await deps.subscriptions.start(tx, tenant, { ...body, tier: body.tier }, now);
          else if (body.billingInterval !== undefined && !isBillingInterval(body.billingInterval))
            throw new AppError('INVALID_BILLING_INTERVAL', 'billingInterval must be MONTHLY or YEARLY');
        }
        await markPromoted(tx, tenant.id, now);
        const key = await insertApiKey(tx, {
          tenantId: tenant.id,
          environment: 'production',
          scopes: ALL_SCOPES,
          label: 'Production',
          now,
        });
        return {
          apiKey: key.token,
          environment: 'production' as const,
          promotedAt: now.toISOString(),
          subscription: started?.subscription ?? (open ? await subscriptionView(tx, open) : null),
          payment: started?.payment ?? null,
          bankTransfer: started?.bankTransfer ?? null,
        };
      });
      const [row] = await db.select().from(tenants).where(eq(tenants.id, auth.tenantId));
      return { tenant: await deps.tenantView(row!), ...result };
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
