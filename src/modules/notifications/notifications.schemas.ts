import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, Uuid } from '../../http/schemas.js';
import { StringEnum } from '../webhooks/index.js';
import { CHANNELS, NOTIFICATION_TYPES, SEVERITIES } from './notification-types.js';
import { LIST_DEFAULT, LIST_MAX } from './notifications.service.js';

const NotificationTypeSchema = StringEnum(NOTIFICATION_TYPES);
const ChannelSchema = StringEnum(CHANNELS);

const NotificationSchema = Type.Object(
  {
    id: Uuid,
    type: NotificationTypeSchema,
    severity: StringEnum(SEVERITIES),
    title: Type.String(),
    message: Type.String(),
    language: StringEnum(['es', 'en'] as const, {
      description: 'The language title and message are written in: the account’s when written',
    }),
    metadata: Nullable(Type.Object({}, { additionalProperties: true, description: 'Type-specific' })),
    issuerId: Nullable(Uuid),
    readAt: Nullable(IsoDateTime),
    expiresAt: Nullable(IsoDateTime),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  { $id: 'Notification' },
);

export const ListQuery = Type.Object({
  sinceId: Type.Optional(
    Type.String({ description: 'Only notifications created after this notification id (UUID v7)' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_MAX, default: LIST_DEFAULT })),
});

export const ListResponse = Type.Object({
  ok: Ok,
  notifications: Type.Array(NotificationSchema),
  unreadCount: Type.Integer(),
  hasMore: Type.Boolean({ description: 'More notifications match than this page holds' }),
});

export const NotificationResponse = Type.Object({ ok: Ok, notification: NotificationSchema });

const PreferenceSchema = Type.Object({
  type: NotificationTypeSchema,
  channel: ChannelSchema,
  enabled: Type.Boolean(),
});

export const PreferencesResponse = Type.Object({ ok: Ok, preferences: Type.Array(PreferenceSchema) });

export const PreferencesBody = Type.Object({
  preferences: Type.Array(PreferenceSchema, { minItems: 1, maxItems: 50 }),
});
