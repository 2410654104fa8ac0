import { requireAuth } from '../../http/auth.js';
import { authProblems, OkResponse, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import type { WebhookDeliveriesService } from './deliveries.service.js';
import {
  CreateEndpointBody,
  CreateEndpointResponse,
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryParams,
  DeliveryResponse,
  EndpointResponse,
  ListEndpointsResponse,
  UpdateEndpointBody,
} from './webhooks.schemas.js';
import type { WebhookEndpointsService } from './webhooks.service.js';

const tags = ['Webhooks'];
const auth = { scope: 'webhooks:manage' } as const;

export function registerWebhookRoutes(
  app: App,
  services: { endpoints: WebhookEndpointsService; deliveries: WebhookDeliveriesService },
): void {
  const { endpoints, deliveries } = services;

  app.post('/v1/webhooks', {
    schema: {
      tags,
      operationId: 'createWebhook',
      summary: 'Register a webhook endpoint (signing secret shown once)',
      description:
        'The url must be an absolute https URL (400 VALIDATION_FAILED); eventTypes is a subset of the webhook event types, empty or omitted = every type. Needs a verified email (403 EMAIL_VERIFICATION_REQUIRED) and room in the plan: FREE 1, STARTER 2, GROWTH 5, BUSINESS 10 active endpoints (402 WEBHOOK_ENDPOINT_LIMIT_REACHED). Private, loopback and link-local addresses are refused when a delivery is made (DNS is resolved then). See docs/webhooks.md for the payload and signature.',
      body: CreateEndpointBody,
      response: { 201: CreateEndpointResponse, ...authProblems(402) },
    },
    config: { auth },
    handler: async (request, reply) => {
      const created = await endpoints.create(requireAuth(request), request.body);
      return reply.code(201).send({ ok: true as const, ...created });
    },
  });

  app.get('/v1/webhooks', {
    schema: {
      tags,
      operationId: 'listWebhooks',
      summary: 'List active webhook endpoints and the plan limit',
      description: 'Deactivated endpoints are not listed (read them by id); `limit.used` counts active ones.',
      response: { 200: ListEndpointsResponse, ...authProblems() },
    },
    config: { auth },
    handler: async (request) => ({ ok: true as const, ...(await endpoints.list(requireAuth(request))) }),
  });

  app.get('/v1/webhooks/:id', {
    schema: {
      tags,
      operationId: 'getWebhook',
      summary: 'Read a webhook endpoint, active or not',
      params: UuidParams,
      response: { 200: EndpointResponse, ...authProblems(404) },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      endpoint: await endpoints.get(requireAuth(request), request.params.id),
    }),
  });

  app.patch('/v1/webhooks/:id', {
    schema: {
      tags,
      operationId: 'updateWebhook',
      summary: 'Change, deactivate or re-activate a webhook endpoint',
      description:
        'All fields optional. Changing url or eventTypes needs a verified email (403 EMAIL_VERIFICATION_REQUIRED); `active: false` does not. `active: true` on a deactivated endpoint needs a verified email and room in the plan (402 WEBHOOK_ENDPOINT_LIMIT_REACHED). Pending retries of a deactivated endpoint stop.',
      params: UuidParams,
      body: UpdateEndpointBody,
      response: { 200: EndpointResponse, ...authProblems(402, 404) },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      endpoint: await endpoints.update(requireAuth(request), request.params.id, request.body),
    }),
  });

  app.delete('/v1/webhooks/:id', {
    schema: {
      tags,
      operationId: 'deleteWebhook',
      summary: 'Deregister a webhook endpoint (soft delete; deliveries are kept)',
      description: 'Same as PATCH {active:false}; the endpoint stays readable and re-activatable by id.',
      params: UuidParams,
      response: { 200: OkResponse, ...authProblems(404) },
    },
    config: { auth },
    handler: async (request) => {
      await endpoints.remove(requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.get('/v1/webhooks/:id/deliveries', {
    schema: {
      tags,
      operationId: 'listWebhookDeliveries',
      summary: 'Deliveries to an endpoint, newest first, with every attempt',
      description:
        'Pages of `limit` (1-100, default 20); pass `nextCursor` as `before` for the next page. Statuses: PENDING (attempts left), DELIVERED (a 2xx came back), FAILED (three attempts failed, or the endpoint was deactivated).',
      params: UuidParams,
      querystring: DeliveriesQuery,
      response: { 200: DeliveriesResponse, ...authProblems(404) },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      ...(await deliveries.list(requireAuth(request), request.params.id, request.query)),
    }),
  });

  app.post('/v1/webhooks/:id/deliveries/:deliveryId/retry', {
    schema: {
      tags,
      operationId: 'retryWebhookDelivery',
      summary: 'Retry a FAILED delivery: a fresh round of three attempts',
      description:
        'Same deliveryId and payload; attempts at once, +30 s and +2 min. 409 CONFLICT while the delivery is still PENDING, once DELIVERED, or when the endpoint is inactive.',
      params: DeliveryParams,
      response: { 202: DeliveryResponse, ...authProblems(404, 409) },
    },
    config: { auth },
    handler: async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await deliveries.retry(requireAuth(request), id, deliveryId);
      return reply.code(202).send({ ok: true as const, delivery });
    },
  });

  app.post('/v1/webhooks/:id/test', {
    schema: {
      tags,
      operationId: 'testWebhook',
      summary: 'Send a signed test event (WEBHOOK_TEST) to the endpoint',
      description:
        'Body `{event: "WEBHOOK_TEST", deliveryId, timestamp, tenantId, data: {type, endpointId, message}}`, signed and retried like any delivery. 409 CONFLICT when the endpoint is inactive.',
      params: UuidParams,
      response: { 202: DeliveryResponse, ...authProblems(404, 409) },
    },
    config: { auth },
    handler: async (request, reply) => {
      const delivery = await deliveries.sendTest(requireAuth(request), request.params.id);
      return reply.code(202).send({ ok: true as const, delivery });
    },
  });
}
