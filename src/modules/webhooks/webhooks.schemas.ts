import { type TUnsafe, Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, Uuid } from '../../http/schemas.js';
import { DELIVERIES_PAGE_DEFAULT, DELIVERIES_PAGE_MAX } from './deliveries.service.js';
import { MAX_URL_LENGTH } from './endpoint-url.js';
import { WEBHOOK_EVENT_TYPES } from './event-types.js';

/**
 * A string enum as JSON Schema `enum` (not TypeBox's anyOf of literals), so that a wrong value
 * gets one clear error listing the allowed values.
 */
export function StringEnum<T extends string>(
  values: readonly T[],
  opts: { description?: string } = {},
): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...opts });
}

const WebhookEventTypeSchema = StringEnum(WEBHOOK_EVENT_TYPES);

const WebhookEndpointSchema = Type.Object(
  {
    id: Uuid,
    url: Type.String(),
    eventTypes: Type.Array(Type.String(), { description: 'Empty = every type' }),
    active: Type.Boolean(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  { $id: 'WebhookEndpoint' },
);

const UrlSchema = Type.String({
  maxLength: MAX_URL_LENGTH,
  description: 'Absolute https URL without credentials',
});
const EventTypesSchema = Type.Array(WebhookEventTypeSchema, {
  maxItems: WEBHOOK_EVENT_TYPES.length * 2,
  description: `Subset of ${WEBHOOK_EVENT_TYPES.join(', ')}; empty or omitted = every type`,
});

export const CreateEndpointBody = Type.Object({
  url: UrlSchema,
  eventTypes: Type.Optional(EventTypesSchema),
});

export const CreateEndpointResponse = Type.Object({
  ok: Ok,
  endpoint: WebhookEndpointSchema,
  secret: Type.String({ description: 'The signing secret, shown once and never again' }),
});

export const ListEndpointsResponse = Type.Object({
  ok: Ok,
  endpoints: Type.Array(WebhookEndpointSchema),
  limit: Type.Object({ max: Type.Integer(), used: Type.Integer() }),
});

export const EndpointResponse = Type.Object({ ok: Ok, endpoint: WebhookEndpointSchema });

export const UpdateEndpointBody = Type.Object({
  url: Type.Optional(UrlSchema),
  eventTypes: Type.Optional(EventTypesSchema),
  active: Type.Optional(Type.Boolean()),
});

const AttemptSchema = Type.Object({
  number: Type.Integer({ description: '1-3 in the first round; a manual retry continues with 4-6' }),
  startedAt: IsoDateTime,
  durationMs: Type.Integer(),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  success: Type.Boolean(),
});

const DeliverySchema = Type.Object(
  {
    id: Uuid,
    endpointId: Uuid,
    event: Type.String(),
    notificationId: Nullable(Uuid),
    status: StringEnum(['PENDING', 'DELIVERED', 'FAILED'] as const),
    attemptCount: Type.Integer(),
    nextAttemptAt: Nullable(IsoDateTime),
    lastError: Nullable(Type.String()),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    deliveredAt: Nullable(IsoDateTime),
    failedAt: Nullable(IsoDateTime),
    attempts: Type.Array(AttemptSchema),
  },
  { $id: 'WebhookDelivery' },
);

export const DeliveriesQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: DELIVERIES_PAGE_MAX, default: DELIVERIES_PAGE_DEFAULT }),
  ),
  before: Type.Optional(Type.String({ format: 'uuid', description: 'nextCursor of the previous page' })),
});

export const DeliveriesResponse = Type.Object({
  ok: Ok,
  deliveries: Type.Array(DeliverySchema),
  nextCursor: Nullable(Uuid),
});

export const DeliveryResponse = Type.Object({ ok: Ok, delivery: DeliverySchema });

export const DeliveryParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  deliveryId: Type.String({ format: 'uuid' }),
});
