import { requireAuth } from '../../http/auth.js';
import { authProblems, problems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  AcceptBody,
  AcceptResponse,
  InstanceResponse,
  PublishedResponse,
  StatusResponse,
  TypeParams,
} from './agreements.schemas.js';
import type { AgreementsService } from './agreements.service.js';

const tags = ['Agreements'];

export function registerAgreementRoutes(app: App, agreements: AgreementsService): void {
  app.get('/v1/agreements', {
    schema: {
      tags,
      operationId: 'listAgreementTemplates',
      summary: 'The published agreement templates (current version of each type)',
      response: { 200: PublishedResponse, ...problems(429, 500) },
    },
    handler: async () => ({ ok: true as const, agreements: await agreements.published() }),
  });

  app.get('/v1/tenants/agreements', {
    schema: {
      tags,
      operationId: 'getPendingAgreements',
      summary: 'What the account still has to accept',
      description:
        'Creates any missing PENDING instance of the current templates. `outdated` lists each type whose current version the account has not accepted; a new version of one type only marks that type. Reachable while suspended.',
      response: { 200: StatusResponse, ...authProblems() },
    },
    config: { auth: { scope: null } },
    handler: async (request) => ({
      ok: true as const,
      agreements: await agreements.status(requireAuth(request)),
    }),
  });

  app.get('/v1/tenants/agreements/:type', {
    schema: {
      tags,
      operationId: 'getTenantAgreement',
      summary: 'The account’s personalized agreement of a type (current version), its text and status',
      params: TypeParams,
      response: { 200: InstanceResponse, ...authProblems(404) },
    },
    config: { auth: { scope: null } },
    handler: async (request) => ({
      ok: true as const,
      agreement: await agreements.instance(requireAuth(request), request.params.type),
    }),
  });

  app.post('/v1/tenants/agreements', {
    schema: {
      tags,
      operationId: 'acceptAgreements',
      summary: 'Accept the current agreements (web app only)',
      description:
        'Records one acceptance per currently published type (TERMS, PRIVACY, DPA) with the request’s IP address, user agent, version and the SHA-256 of the exact text. `termsVersion` must be the published TERMS version (400 VERSION_MISMATCH otherwise: re-read and ask again). Internal (web-app session) keys only: 403 INTERNAL_SERVICE_ONLY for API keys. A suspended account gets 403 FORBIDDEN.',
      body: AcceptBody,
      response: { 200: AcceptResponse, ...authProblems() },
    },
    // allowSuspended: the spec names FORBIDDEN (not ACCOUNT_SUSPENDED) for this case; the service says it.
    config: { auth: { scope: 'tenant:manage', internalOnly: true, allowSuspended: true } },
    handler: async (request) => ({
      ok: true as const,
      ...(await agreements.accept(requireAuth(request), request.body.termsVersion, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      })),
    }),
  });
}
