import { requireAuth } from '../../http/auth.js';
import { authProblems, problems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  CancelResponse,
  ChangeTierResponse,
  MineResponse,
  PlanBody,
  SubscribeResponse,
  TiersResponse,
} from './billing.schemas.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import type { createTiersService } from './tiers.service.js';

const tags = ['Billing'];
/** decisions.md: subscription management is web-app only (internal keys); billing:manage covers it. */
const webApp = { auth: { scope: 'billing:manage', internalOnly: true } } as const;

export function registerBillingRoutes(
  app: App,
  deps: { subscriptions: SubscriptionsService; tiers: ReturnType<typeof createTiersService> },
): void {
  const { subscriptions, tiers } = deps;

  app.get('/v1/tiers', {
    schema: {
      tags,
      operationId: 'listTiers',
      summary: 'The plans: prices (before IVA), IVA rate, document quota, key and webhook maxima',
      description:
        'Public. Yearly = 10 × monthly. `upcomingPrices` lists announced price changes not yet in force; renewals due before their effectiveAt keep the current price.',
      response: { 200: TiersResponse, ...problems(429, 500) },
    },
    handler: async () => ({ ok: true as const, tiers: await tiers.list() }),
  });

  app.post('/v1/subscriptions', {
    schema: {
      tags,
      operationId: 'createSubscription',
      summary: 'Start a paid subscription (web app only)',
      description:
        'Creates the subscription (PENDING_PAYMENT) and its INITIAL payment (PENDING, IVA 15%), with the bank account to transfer to. Works in sandbox and in production; needs a verified email (403 EMAIL_VERIFICATION_REQUIRED). One subscription in flight at a time (409 SUBSCRIPTION_ALREADY_IN_FLIGHT). Upload the proof with PATCH /v1/payments/:id/proof; the plan applies when the provider verifies the payment.',
      body: PlanBody,
      response: { 201: SubscribeResponse, ...authProblems(409) },
    },
    config: webApp,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ ok: true as const, ...(await subscriptions.subscribe(requireAuth(request), request.body)) }),
  });

  app.post('/v1/subscriptions/change-tier', {
    schema: {
      tags,
      operationId: 'changeSubscriptionTier',
      summary: 'Change the plan or the billing interval (web app only)',
      description:
        'Production: a higher price in the same interval costs the difference prorated by the fraction of the paid period remaining and applies when paid (`{subscription, payment, bankTransfer}`), or at once when that rounds to 0.00 (`{subscription, payment: null, amount: 0}`); a lower price is scheduled for current_period_end (`{subscription, effectiveAt}`); any interval change costs the target’s full price and takes effect at current_period_end once paid (`{subscription, payment, bankTransfer, effectiveAt}`). Sandbox: a downgrade applies at once and free; an upgrade or interval change costs the full price and applies when paid. One change at a time (409 TIER_CHANGE_ALREADY_PENDING).',
      body: PlanBody,
      response: { 201: ChangeTierResponse, ...authProblems(409) },
    },
    config: webApp,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ ok: true as const, ...(await subscriptions.changeTier(requireAuth(request), request.body)) }),
  });

  app.delete('/v1/subscriptions', {
    schema: {
      tags,
      operationId: 'cancelSubscription',
      summary: 'Cancel the subscription at the end of the period (web app only)',
      description:
        'Production accounts only (403 REQUIRES_PRODUCTION in sandbox). Sets pending_tier FREE; the daily job cancels at current_period_end. No refund, no renewal reminder afterwards.',
      response: { 200: CancelResponse, ...authProblems(409) },
    },
    config: webApp,
    handler: async (request) => ({
      ok: true as const,
      ...(await subscriptions.cancel(requireAuth(request))),
    }),
  });

  app.get('/v1/subscriptions/me', {
    schema: {
      tags,
      operationId: 'listSubscriptions',
      summary: 'The account’s subscriptions, newest first, with their payments',
      response: { 200: MineResponse, ...authProblems() },
    },
    config: { auth: { scope: 'billing:manage' } },
    handler: async (request) => ({
      ok: true as const,
      subscriptions: await subscriptions.mine(requireAuth(request)),
    }),
  });
}
