import { requireAuth } from '../../http/auth.js';
import { authProblems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { RequestLogQuerySchema, RequestLogResponse } from './request-log.schemas.js';
import type { RequestLogService } from './request-log.service.js';

export function registerRequestLogRoutes(app: App, requestLog: RequestLogService): void {
  app.get('/v1/keys/:id/requests', {
    schema: {
      tags: ['API keys'],
      operationId: 'listKeyRequests',
      summary: "A key's requests of the last 7 days, newest first",
      description:
        'Method, path (no query string), status, problem code, request id and duration of every request the key authenticated, kept 7 days. Never bodies, headers or secrets. Filters combine; `status` takes 404 or 4xx, `path` matches any part. Written within about a second of the response.',
      params: UuidParams,
      querystring: RequestLogQuerySchema,
      response: { 200: RequestLogResponse, ...authProblems(404) },
    },
    config: { auth: { scope: 'keys:manage' } },
    handler: async (request) => ({
      ok: true as const,
      ...(await requestLog.list(requireAuth(request).tenantId, request.params.id, request.query)),
    }),
  });
}
