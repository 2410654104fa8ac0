import { Type } from '@sinclair/typebox';
import { type RouteAuth, requireIssuerScope } from '../../http/auth.js';
import { localizeFieldErrors, requestLanguage } from '../../http/field-language.js';
import { authProblems, Ok } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { toFieldErrors } from '../../http/validation.js';
import {
  AccessKeyParams,
  CreatedDocumentSchema,
  CreateHeaders,
  DocumentDetailSchema,
  DocumentWarningSchema,
  ListQuery,
  ListResponse,
} from './documents.schemas.js';
import type { DocumentsService } from './documents.service.js';
import type { DocumentDryRun } from './dry-run.js';
import { DocumentBodySchema } from './types/registry.js';

export const tags = ['Documents'];
/** Every document route: Bearer key of the tenant's environment and X-Issuer-Id. */
export const readAuth: RouteAuth = {
  scope: 'documents:read',
  environmentMatch: true,
  issuerHeader: 'required',
};
export const writeAuth: RouteAuth = {
  scope: 'documents:write',
  environmentMatch: true,
  issuerHeader: 'required',
};
export const IssuerHeader = Type.Object({
  'x-issuer-id': Type.String({ format: 'uuid', description: 'the issuer (branch + issue point)' }),
});

export function registerDocumentRoutes(app: App, documents: DocumentsService, dryRun: DocumentDryRun): void {
  app.post('/v1/documents', {
    schema: {
      tags,
      operationId: 'createDocument',
      summary: 'Issue a document: 01, 03, 04, 05, 06 or 07, by its documentType',
      description:
        "Validates the body once, at the route, against the schema of its documentType (a malformed body is 400 VALIDATION_FAILED before anything else happens, listing every problem at once: the schema's and the type's rules together, as POST /v1/documents/validate does), computes every total with decimal arithmetic and checks the stated tax bases and amounts, allocates the next sequential, builds the XML and signs it (XAdES-BES). Answers 201 with status SIGNED; submission to the tax authority is queued at once. With the same Idempotency-Key and the same payload the existing document is returned (200); another payload is 409 CONFLICT.",
      headers: Type.Intersect([IssuerHeader, CreateHeaders]),
      body: DocumentBodySchema,
      response: {
        200: Type.Object(
          { ok: Ok, document: CreatedDocumentSchema },
          { description: 'The document created earlier with this Idempotency-Key and the same payload' },
        ),
        201: Type.Object(
          {
            ok: Ok,
            document: CreatedDocumentSchema,
            warnings: Type.Optional(
              Type.Array(DocumentWarningSchema, {
                description:
                  'Present when a referenced original is not in this account: "the original is not in this account; it was not checked"',
              }),
            ),
          },
          { description: 'Created: the document, SIGNED, its submission to the tax authority queued' },
        ),
        ...authProblems(402, 404, 409),
      },
    },
    config: { auth: writeAuth },
    // A schema error does not end the request at the validator: the handler adds the type's rules
    // to it, so that one 400 lists every problem.
    attachValidation: true,
    handler: async (request, reply) => {
      if (request.validationError) {
        const schemaErrors = toFieldErrors(request.validationError.validation as never, 'body');
        throw await dryRun.creationError(requireIssuerScope(request), request.body, schemaErrors);
      }
      const result = await documents.issue(
        requireIssuerScope(request),
        request.body,
        request.headers['idempotency-key'] as string | undefined,
      );
      return reply.code(result.created ? 201 : 200).send({
        ok: true as const,
        document: result.document,
        ...(result.created && result.warnings.length
          ? { warnings: localizeFieldErrors(result.warnings, requestLanguage(request)) }
          : {}),
      });
    },
  });

  app.get('/v1/documents', {
    schema: {
      tags,
      operationId: 'listDocuments',
      summary: 'List documents of the issuer (newest created first unless sortBy)',
      headers: IssuerHeader,
      querystring: ListQuery,
      response: { 200: ListResponse, ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await documents.list(requireIssuerScope(request), request.query)),
    }),
  });

  app.get('/v1/documents/:accessKey', {
    schema: {
      tags,
      operationId: 'getDocument',
      summary: 'The full document record',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 200: Type.Object({ ok: Ok, document: DocumentDetailSchema }), ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      document: await documents.get(requireIssuerScope(request), request.params.accessKey),
    }),
  });
}
