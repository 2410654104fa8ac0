import { Type } from '@sinclair/typebox';
import { requireAuth } from '../../http/auth.js';
import { authProblems, IsoDateTime, Nullable, Ok } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { TenantSchema } from '../tenants/index.js';
import { BankTransferSchema, PaymentSchema, PromoteBody, SubscriptionSchema } from './billing.schemas.js';
import type { PromotionService } from './promotion.service.js';

const PromoteResponse = Type.Object({
  ok: Ok,
  tenant: TenantSchema,
  apiKey: Type.String({ description: 'a production key with all nine scopes, shown once' }),
  environment: Type.Literal('production'),
  promotedAt: IsoDateTime,
  subscription: Nullable(SubscriptionSchema),
  payment: Nullable(PaymentSchema),
  bankTransfer: Nullable(BankTransferSchema),
});

export function registerPromotionRoutes(app: App, promotion: PromotionService): void {
  app.post('/v1/tenants/promote', {
    schema: {
      tags: ['Tenant'],
      operationId: 'promoteTenant',
      summary: 'Go to production (web app only)',
      description:
        'Needs a verified email (403 EMAIL_VERIFICATION_REQUIRED) and the current agreements accepted (403 FORBIDDEN naming the types; see GET /v1/tenants/agreements). `tier` is required unless a subscription is already ACTIVE, in which case it is ignored: FREE, or a paid tier that starts a subscription like POST /v1/subscriptions (its payment and bank account are in the answer). Sets sandbox false and answers with a production key holding all nine scopes, shown once. Afterwards sandbox keys get 401 API_KEY_ENV_MISMATCH on document routes. Already in production: 409 CONFLICT. Internal (web-app session) keys only.',
      body: PromoteBody,
      response: { 200: PromoteResponse, ...authProblems(409) },
    },
    config: { auth: { scope: 'tenant:promote', internalOnly: true } },
    handler: async (request) => ({
      ok: true as const,
      ...(await promotion.promote(requireAuth(request), request.body)),
    }),
  });
}
