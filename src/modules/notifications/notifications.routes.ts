import { requireAuth } from '../../http/auth.js';
import { authProblems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  ListQuery,
  ListResponse,
  NotificationResponse,
  PreferencesBody,
  PreferencesResponse,
} from './notifications.schemas.js';
import type { NotificationsApi } from './notifications.service.js';

const tags = ['Notifications'];
/** docs/spec-map.md: notifications are scope-exempt for any active key. */
const auth = { scope: null } as const;

export function registerNotificationRoutes(app: App, api: NotificationsApi): void {
  app.get('/v1/notifications', {
    schema: {
      tags,
      operationId: 'listNotifications',
      summary: 'Unexpired notifications, read and unread, newest first',
      description:
        "With X-Issuer-Id: that issuer's notifications plus tenant-level ones; without it, all. Types turned off IN_APP are hidden (PRICE_CHANGE_ANNOUNCED never). At most `limit` (1-100, default 50) per call: without sinceId the newest ones; with sinceId the ones created right after it, so polling again with the newest id received walks forward without gaps (`hasMore` says there is more). sinceId not a UUID, or a malformed X-Issuer-Id: 400 ISSUER_ID_INVALID. Rows updated in place (aggregated DOCUMENT_AUTHORIZED, certificate alerts) keep their id and position; upsert by id.",
      querystring: ListQuery,
      response: { 200: ListResponse, ...authProblems(404) },
    },
    config: { auth: { ...auth, issuerHeader: 'optional', issuerHeaderErrorCode: 'ISSUER_ID_INVALID' } },
    handler: async (request) => ({
      ok: true as const,
      ...(await api.list(requireAuth(request), request.query)),
    }),
  });

  app.post('/v1/notifications/:id/read', {
    schema: {
      tags,
      operationId: 'markNotificationRead',
      summary: 'Mark a notification read',
      description: "Sets readAt once. Unknown, another account's, expired or already read: 404 NOT_FOUND.",
      params: UuidParams,
      response: { 200: NotificationResponse, ...authProblems(404) },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      notification: await api.markRead(requireAuth(request), request.params.id),
    }),
  });

  app.get('/v1/notifications/preferences', {
    schema: {
      tags,
      operationId: 'getNotificationPreferences',
      summary: 'Notification preferences per type and channel',
      description:
        'Every configurable pair: IN_APP and EMAIL for types with an email equivalent, IN_APP only for DOCUMENT_AUTHORIZED, CERT_EXPIRING and CERT_EXPIRED. Pairs never configured are enabled. PRICE_CHANGE_ANNOUNCED is mandatory and never listed.',
      response: { 200: PreferencesResponse, ...authProblems() },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      preferences: await api.preferences(requireAuth(request)),
    }),
  });

  app.patch('/v1/notifications/preferences', {
    schema: {
      tags,
      operationId: 'updateNotificationPreferences',
      summary: 'Change notification preferences (bulk upsert)',
      description:
        'Body `{preferences: [{type, channel, enabled}]}` with 1 to 50 entries; each entry sets one (type, channel) pair, pairs not named keep their value. IN_APP controls whether the type appears in the list (webhooks are not affected); EMAIL whether its email is sent. 400 VALIDATION_FAILED naming the entry (`preferences[i].type` / `.channel`) for an unknown type or channel, EMAIL for an IN_APP-only type, PRICE_CHANGE_ANNOUNCED (mandatory), or a pair named twice; nothing is changed then. Answers the full resulting list.',
      body: PreferencesBody,
      response: { 200: PreferencesResponse, ...authProblems() },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      preferences: await api.updatePreferences(requireAuth(request), request.body.preferences),
    }),
  });
}
