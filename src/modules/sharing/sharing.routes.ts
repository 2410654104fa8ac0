import { Type } from '@sinclair/typebox';
import { requireIssuerScope } from '../../http/auth.js';
import { authProblems, Ok, problems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { AccessKeyParams, IssuerHeader, documentTags as tags, writeAuth } from '../documents/index.js';
import { renderSharePage } from './share-page.js';
import {
  SHARE_DEFAULT_SECONDS,
  SHARE_MAX_SECONDS,
  SHARE_MIN_SECONDS,
  type SharingService,
} from './sharing.service.js';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 100, description: 'the link token' }) });
const publicTags = ['Shared documents'];
const NOT_FOUND_NOTE =
  'An unknown, expired or revoked token is 404 NOT_FOUND, the same answer whichever it is.';

export function registerSharingRoutes(app: App, sharing: SharingService): void {
  app.post('/v1/documents/:accessKey/share', {
    schema: {
      tags,
      operationId: 'createDocumentShareLink',
      summary: 'Create a public, expiring link to the document for its buyer',
      description: `Answers a URL anyone can open without a key until \`expiresAt\`: a small page with the document's facts and its RIDE (PDF) and XML. One live link per document: a new one replaces the previous. Scope documents:write (it opens the document to whoever holds the link). \`expiresIn\` in seconds, ${SHARE_MIN_SECONDS} to ${SHARE_MAX_SECONDS}, default ${SHARE_DEFAULT_SECONDS} (7 days). Only a hash of the token is stored: the URL is shown once.`,
      headers: IssuerHeader,
      params: AccessKeyParams,
      body: Type.Object({
        expiresIn: Type.Optional(
          Type.Integer({ description: 'seconds the link lives', examples: [SHARE_DEFAULT_SECONDS] }),
        ),
      }),
      response: {
        201: Type.Object({
          ok: Ok,
          url: Type.String({ description: 'the public link (PUBLIC_BASE_URL/v1/shared/<token>)' }),
          expiresAt: Type.String({ format: 'date-time' }),
        }),
        ...authProblems(404),
      },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) => {
      const body = request.body as { expiresIn?: number };
      const link = await sharing.share(requireIssuerScope(request), request.params.accessKey, body.expiresIn);
      return reply.code(201).send({ ok: true as const, ...link });
    },
  });

  app.delete('/v1/documents/:accessKey/share', {
    schema: {
      tags,
      operationId: 'revokeDocumentShareLink',
      summary: "Revoke the document's public link",
      description:
        'The link answers 404 at once. Idempotent: `revoked` counts the live links it ended (0 or 1). Open to a suspended account: ending what exposes a document is always allowed.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 200: Type.Object({ ok: Ok, revoked: Type.Integer() }), ...authProblems(404) },
    },
    // Revoking only closes access; a suspended account must be able to do it (issue 30).
    config: { auth: { ...writeAuth, allowSuspended: true } },
    handler: async (request) => ({
      ok: true as const,
      revoked: await sharing.revoke(requireIssuerScope(request), request.params.accessKey),
    }),
  });

  app.get('/v1/shared/:token', {
    schema: {
      tags: publicTags,
      operationId: 'getSharedDocumentPage',
      summary: 'The public page of a shared document (HTML, no key)',
      description: NOT_FOUND_NOTE,
      params: TokenParams,
      produces: ['text/html'],
      response: { 200: Type.String({ description: 'HTML page' }), ...problems(404) },
    },
    handler: async (request, reply) => {
      const facts = await sharing.page(request.params.token);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Robots-Tag', 'noindex')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(renderSharePage(facts, request.params.token));
    },
  });

  app.get('/v1/shared/:token/ride', {
    schema: {
      tags: publicTags,
      operationId: 'getSharedDocumentRide',
      summary: 'The RIDE (PDF) of a shared document (no key)',
      description: NOT_FOUND_NOTE,
      params: TokenParams,
      produces: ['application/pdf'],
      response: {
        200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PDF' }),
        ...problems(404),
      },
    },
    handler: async (request, reply) => {
      const file = await sharing.ride(request.params.token);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .send(file.content);
    },
  });

  app.get('/v1/shared/:token/xml', {
    schema: {
      tags: publicTags,
      operationId: 'getSharedDocumentXml',
      summary: 'The XML of a shared document (no key)',
      description: NOT_FOUND_NOTE,
      params: TokenParams,
      produces: ['application/xml'],
      response: {
        200: Type.Unsafe<Buffer>({ type: 'string', description: 'XML' }),
        ...problems(404),
      },
    },
    handler: async (request, reply) => {
      const file = await sharing.xml(request.params.token);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  });
}
