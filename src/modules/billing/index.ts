/**
 * The billing module: tiers, subscriptions, payments and proofs, the provider's review, the daily
 * jobs, price changes, self-billing and going to production. Other modules and the composition
 * root import from here only.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/config.js';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import type { DocumentsService } from '../documents/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TenantsService } from '../tenants/index.js';
import { createBillingJobs } from './billing.jobs.js';
import { createBillingNotifications } from './billing-notifications.js';
import { createPaymentsService } from './payments.service.js';
import { createPriceChanges } from './price-changes.js';
import { createPromotionService } from './promotion.service.js';
import { createReviewService } from './review.service.js';
import { createScheduler } from './scheduler.js';
import { createSelfBilling } from './self-billing.js';
import { createSubscriptionsService } from './subscriptions.service.js';
import { createTiersService } from './tiers.service.js';

export { PAYMENT_STATUSES, REJECTION_REASONS, type RejectionReason } from './billing.constants.js';
export { BILLING_CRONTAB, type JobRunner } from './billing.jobs.js';
export { registerBillingRoutes } from './billing.routes.js';
export { ProofParams, ProofSchema, SubscriptionSchema } from './billing.schemas.js';
/** Read-only use by the operator's queue (admin module). */
export { payments, subscriptions } from './billing.tables.js';
export { toPaymentView } from './billing.views.js';
export { attachment, registerPaymentRoutes } from './payments.routes.js';
export { listProofs, readProof } from './payments.service.js';

export { registerPromotionRoutes } from './promotion.routes.js';
export { subscriptionQuotaPeriod } from './quota-period.js';

export function createBillingModule(deps: {
  db: Executor;
  clock: Clock;
  config: Config;
  log: Logger;
  documents: Pick<DocumentsService, 'issue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  pendingAgreements: (exec: Executor, tenantId: string) => Promise<string[]>;
  tenantView: TenantsService['tenantView'];
}) {
  const { db, clock, config } = deps;
  const notifications = createBillingNotifications({ notify: deps.notifications.notify, config });
  const selfBilling = createSelfBilling({ db, config, log: deps.log, documents: deps.documents });
  const subscriptions = createSubscriptionsService({ db, clock, config });
  const priceChanges = createPriceChanges({ db, clock, notifications });
  const scheduler = createScheduler({ db, notifications });
  const billingJobs = createBillingJobs({ clock, scheduler, priceChanges });
  return {
    subscriptions,
    payments: createPaymentsService({ db, clock }),
    review: createReviewService({ db, clock, notifications, selfBilling }),
    tiers: createTiersService({ db, clock, priceChanges }),
    priceChanges,
    promotion: createPromotionService({
      db,
      clock,
      subscriptions,
      pendingAgreements: deps.pendingAgreements,
      tenantView: deps.tenantView,
    }),
    selfBilling,
    /**
     * Register with the document lifecycle's onAuthorized hooks (see docs/billing.md): links the
     * provider's invoice of a payment once the tax authority authorizes it.
     */
    onDocumentAuthorized: selfBilling.onDocumentAuthorized,
    /** Daily steps by name, for the operator's "run now". */
    runners: billingJobs.runners,
    jobs: [...billingJobs.jobs, selfBilling.job],
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
