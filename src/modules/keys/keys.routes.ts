import { requireAuth } from '../../http/auth.js';
import { authProblems, OkResponse, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  CreateKeyBody,
  CreateKeyResponse,
  ListKeysResponse,
  UsageQuery,
  UsageResponse,
} from './keys.schemas.js';
import type { KeysService } from './keys.service.js';

const tags = ['API keys'];
const auth = { scope: 'keys:manage' } as const;

export function registerKeyRoutes(app: App, keys: KeysService): void {
  app.get('/v1/keys', {
    schema: {
      tags,
      operationId: 'listKeys',
      summary: 'List active API keys and the plan limit',
      response: { 200: ListKeysResponse, ...authProblems() },
    },
    config: { auth },
    handler: async (request) => ({ ok: true as const, ...(await keys.list(requireAuth(request))) }),
  });

  app.post('/v1/keys', {
    schema: {
      tags,
      operationId: 'createKey',
      summary: 'Create an API key (token shown once)',
      description:
        'Checks, in order: verified email (403 EMAIL_VERIFICATION_REQUIRED), production only after promotion (403 PRODUCTION_KEY_REQUIRES_PROMOTION), scopes held by the calling key (403 SCOPE_ESCALATION_FORBIDDEN), the plan maximum (402 API_KEY_LIMIT_REACHED). Omitted scopes copy the calling key.',
      body: CreateKeyBody,
      response: { 201: CreateKeyResponse, ...authProblems(402) },
    },
    config: { auth },
    handler: async (request, reply) => {
      const created = await keys.mint(requireAuth(request), request.body);
      return reply.code(201).send({ ok: true as const, ...created });
    },
  });

  app.delete('/v1/keys/:id', {
    schema: {
      tags,
      operationId: 'revokeKey',
      summary: 'Revoke an API key (not the one making the call)',
      params: UuidParams,
      response: { 200: OkResponse, ...authProblems(404) },
    },
    config: { auth },
    handler: async (request) => {
      await keys.revoke(requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.get('/v1/keys/:id/usage', {
    schema: {
      tags,
      operationId: 'getKeyUsage',
      summary: 'Daily request counts of a key, oldest first',
      params: UuidParams,
      querystring: UsageQuery,
      response: { 200: UsageResponse, ...authProblems(404) },
    },
    config: { auth },
    handler: async (request) => ({
      ok: true as const,
      usage: await keys.usage(requireAuth(request), request.params.id, request.query.days ?? 30),
    }),
  });
}
