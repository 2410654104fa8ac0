import { Type } from '@sinclair/typebox';
import { Ok, problems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { attachment, ProofParams, ProofSchema, SubscriptionSchema } from '../billing/index.js';
import { NoteBody, OperatorPayment, PaymentListQuery, RejectBody, security, tags } from './admin.schemas.js';
import type { OperatorServices } from './operator-services.js';

const errors = (...s: number[]) => problems(400, 401, 404, 429, 500, ...s);
const Decision = Type.Object({
  ok: Ok,
  payment: Type.Object({}, { additionalProperties: true }),
  subscription: SubscriptionSchema,
});

export function registerAdminPaymentRoutes(app: App, ops: OperatorServices): void {
  app.get('/payments', {
    schema: {
      tags,
      security,
      operationId: 'adminListPayments',
      summary: 'The payments, REPORTED (awaiting review) first, oldest report first; then newest',
      querystring: PaymentListQuery,
      response: { 200: Type.Object({ ok: Ok, payments: Type.Array(OperatorPayment) }), ...errors() },
    },
    handler: async (request) => ({
      ok: true as const,
      payments: await ops.paymentsAdmin.list(request.query),
    }),
  });

  app.get('/payments/:id', {
    schema: {
      tags,
      security,
      operationId: 'adminGetPayment',
      summary: 'One payment with its tenant, subscription status and proofs',
      params: UuidParams,
      response: {
        200: Type.Object({ ok: Ok, payment: OperatorPayment, proofs: Type.Array(ProofSchema) }),
        ...errors(),
      },
    },
    handler: async (request) => ({ ok: true as const, ...(await ops.paymentsAdmin.get(request.params.id)) }),
  });

  app.get('/payments/:id/proofs/:proofId', {
    schema: {
      tags,
      security,
      operationId: 'adminGetPaymentProof',
      summary: 'Download a proof',
      params: ProofParams,
      produces: ['application/pdf', 'image/png', 'image/jpeg'],
      response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errors() },
    },
    handler: async (request, reply) => {
      const file = await ops.paymentsAdmin.proof(request.params.id, request.params.proofId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachment(file.filename))
        .send(file.content);
    },
  });

  app.post('/payments/:id/verify', {
    schema: {
      tags,
      security,
      operationId: 'adminVerifyPayment',
      summary: 'Verify a payment: the plan applies now',
      description:
        'INITIAL: subscription ACTIVE, tier and quota applied, period starts now. TIER_CHANGE: an upgrade applies now; an interval change is scheduled for the period end. RENEWAL: the period is extended. PAYMENT_VERIFIED event, notification and email; the provider’s invoice is queued (PROVIDER_ISSUER_ID). 409 CONFLICT when already VERIFIED/REFUNDED or no longer payable.',
      params: UuidParams,
      response: { 200: Decision, ...errors(409) },
    },
    handler: async (request) => ({ ok: true as const, ...(await ops.review.verify(request.params.id)) }),
  });

  app.post('/payments/:id/reject', {
    schema: {
      tags,
      security,
      operationId: 'adminRejectPayment',
      summary: 'Reject a payment’s proof with a reason code (the tenant may submit a new proof)',
      params: UuidParams,
      body: RejectBody,
      response: { 200: Decision, ...errors(409) },
    },
    handler: async (request) => ({
      ok: true as const,
      ...(await ops.review.reject(request.params.id, request.body.reasonCode, request.body.note ?? null)),
    }),
  });

  app.post('/payments/:id/refund', {
    schema: {
      tags,
      security,
      operationId: 'adminRefundPayment',
      summary: 'Refund a verified payment: the tier before it is restored (PAYMENT_REFUNDED)',
      params: UuidParams,
      body: NoteBody,
      response: { 200: Decision, ...errors(409) },
    },
    handler: async (request) => ({
      ok: true as const,
      ...(await ops.review.refund(request.params.id, request.body.note ?? null)),
    }),
  });
}
