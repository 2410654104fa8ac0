import { Type } from '@sinclair/typebox';
import type { Executor } from '../../db/pool.js';
import { requireAuth, requireIssuerScope } from '../../http/auth.js';
import { authProblems, problems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import type { Clock } from '../../shared/clock.js';
import { validationError } from '../../shared/errors.js';
import {
  AccessKeyParams,
  CreatedDocumentSchema,
  IssuerHeader,
  RebuildBodySchema,
  readAuth,
  writeAuth,
} from '../documents/index.js';
import { sriStatus } from './sri-status.js';
import {
  LifecycleResponse,
  RetryFailedResponse,
  SriResponsesResponse,
  SriStatusResponse,
} from './submission.schemas.js';
import type { SubmissionService } from './submission.service.js';

const tags = ['Documents'];

export function registerSubmissionRoutes(
  app: App,
  deps: { submission: SubmissionService; db: Executor; clock: Clock },
): void {
  const { submission } = deps;

  app.get('/v1/documents/:accessKey/sri-responses', {
    schema: {
      tags,
      operationId: 'listDocumentSriResponses',
      summary: "The tax authority's answers about a document, newest first",
      description:
        'One entry per reception or authorization attempt. The raw SOAP is never exposed; a transport failure shows as HTTP_<code> with messages null.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 200: SriResponsesResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      sriResponses: await submission.sriResponses(requireIssuerScope(request), request.params.accessKey),
    }),
  });

  app.get('/v1/documents/:accessKey/authorize', {
    schema: {
      tags,
      operationId: 'checkDocumentAuthorization',
      summary: 'Queue an immediate authorization check of a RECEIVED document (202)',
      description:
        'The check runs in the background; the answer never shows its outcome (read the document or its sri-responses). 400 BAD_REQUEST unless the document is RECEIVED. Refused for suspended accounts although it is a GET.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 202: LifecycleResponse, ...authProblems(404) },
    },
    config: { auth: { ...writeAuth, allowSuspended: false } },
    handler: async (request, reply) =>
      reply.code(202).send({
        ok: true as const,
        document: await submission.authorize(
          requireIssuerScope(request),
          requireAuth(request),
          request.params.accessKey,
        ),
      }),
  });

  app.post('/v1/documents/:accessKey/send', {
    schema: {
      tags,
      operationId: 'sendDocument',
      summary: 'Submit a SIGNED document to the tax authority now (202)',
      description:
        'Re-queues the submission at once. When an earlier send got no clear answer, its authorization is asked for first, so a document is never sent twice blindly. 400 BAD_REQUEST unless SIGNED. Allowed on a paused issuer.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 202: LifecycleResponse, ...authProblems(404) },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) =>
      reply.code(202).send({
        ok: true as const,
        document: await submission.send(
          requireIssuerScope(request),
          requireAuth(request),
          request.params.accessKey,
        ),
      }),
  });

  app.post('/v1/documents/:accessKey/rebuild', {
    schema: {
      tags,
      operationId: 'rebuildDocument',
      summary: 'Correct and re-sign a RETURNED or NOT_AUTHORIZED document',
      description:
        "Optional body with the shape of the creation body (same documentType), validated exactly like a creation, to correct buyer, items, payments or additional info; no body (or {}) re-signs the document as it is. Keeps the access key, sequential and issue date; signs with the issuer's current certificate; the document becomes SIGNED and its submission is queued. 400 BAD_REQUEST unless RETURNED or NOT_AUTHORIZED; 403 ISSUER_ISSUING_PAUSED on a paused issuer.",
      headers: IssuerHeader,
      params: AccessKeyParams,
      body: RebuildBodySchema,
      response: {
        200: Type.Object({ ok: Type.Literal(true), document: CreatedDocumentSchema }),
        ...authProblems(404),
      },
    },
    config: { auth: writeAuth },
    // A body of another type than the document's is refused on its type, before its shape is
    // checked against a schema the document cannot take.
    preValidation: async (request) => {
      const given = (request.body as { documentType?: unknown } | null)?.documentType;
      if (typeof given !== 'string') return;
      const stored = await submission.documentTypeOf(
        requireIssuerScope(request),
        (request.params as { accessKey: string }).accessKey,
      );
      if (stored !== null && stored !== given) {
        throw validationError('documentType', `must be ${stored}, the type of the document being rebuilt`);
      }
    },
    handler: async (request) => ({
      ok: true as const,
      document: await submission.rebuild(requireIssuerScope(request), request.params.accessKey, request.body),
    }),
  });

  app.post('/v1/tenants/retry-failed-documents', {
    schema: {
      tags,
      operationId: 'retryFailedDocuments',
      summary: 'Retry now every document whose last attempt failed at transport level',
      description:
        "Documents of the account's current environment, SIGNED or RECEIVED, whose last call to the tax authority brought no usable answer (HTTP_<code>, time-out, connection error). They would be retried anyway; this skips the wait.",
      response: { 200: RetryFailedResponse, ...authProblems() },
    },
    config: { auth: { scope: 'documents:write', environmentMatch: true } },
    handler: async (request) => ({
      ok: true as const,
      ...(await submission.retryFailed(
        { tenantId: requireAuth(request).tenantId, environment: requireAuth(request).tenantEnvironment },
        requireAuth(request),
      )),
    }),
  });

  app.get('/v1/sri/status', {
    schema: {
      tags: ['Tax authority'],
      operationId: 'getSriStatus',
      summary: 'Is the tax authority answering? (public)',
      description:
        "Per environment, from the service's own calls of the last 15 minutes (at most the latest 20): UNKNOWN without calls; DOWN when the latest 3 failed; DEGRADED when the latest failed or at least 20% did; UP otherwise. A refusal (DEVUELTA, NO AUTORIZADO) is an answer; only HTTP_* outcomes count as failures.",
      response: { 200: SriStatusResponse, ...problems(429, 500) },
    },
    handler: async () => ({ ok: true as const, ...(await sriStatus(deps.db, deps.clock)) }),
  });
}
