import { requireAuth, requireIssuerScope } from '../../http/auth.js';
import { authProblems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { DOCUMENTATION_ONLY } from '../../http/validation.js';
import {
  CreditNotesResponse,
  EventsResponse,
  StatsQuery,
  StatsResponse,
  VoidBody,
  VoidResponse,
} from './documents.extras.schemas.js';
import type { DocumentExtrasService } from './documents.extras.service.js';
import { IssuerHeader, readAuth, tags, writeAuth } from './documents.routes.js';
import { AccessKeyParams } from './documents.schemas.js';

export function registerDocumentExtrasRoutes(app: App, extras: DocumentExtrasService): void {
  // A static segment: the router matches it before /v1/documents/:accessKey, whatever the order.
  app.get('/v1/documents/stats', {
    schema: {
      tags,
      operationId: 'getDocumentStats',
      summary: "Counts and amounts of the issuer's documents in a period",
      description:
        "Documents of the X-Issuer-Id issuer and the key's environment whose issue date is between from and to (DD/MM/YYYY, inclusive; default: the current month in Ecuador). Counts by status and by type; amounts as decimal strings: invoiced and credited sum AUTHORIZED and VOIDED documents (a voided document still counts), net = invoiced - credited, pending sums SIGNED and RECEIVED, voided the voided part. Refused documents are counted, never summed.",
      headers: IssuerHeader,
      querystring: StatsQuery,
      response: { 200: StatsResponse, ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await extras.stats(requireIssuerScope(request), request.query)),
    }),
  });

  app.get('/v1/documents/:accessKey/events', {
    schema: {
      tags,
      operationId: 'listDocumentEvents',
      summary: 'What happened to a document, oldest first',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 200: EventsResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      events: await extras.events(requireIssuerScope(request), request.params.accessKey),
    }),
  });

  app.get('/v1/documents/:accessKey/credit-notes', {
    schema: {
      tags,
      operationId: 'listDocumentCreditNotes',
      summary: 'Credit notes issued against this document, and what remains to credit',
      headers: IssuerHeader,
      params: AccessKeyParams,
      response: { 200: CreditNotesResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await extras.creditNotes(requireIssuerScope(request), request.params.accessKey)),
    }),
  });

  app.post('/v1/documents/:accessKey/void', {
    schema: {
      tags,
      operationId: 'voidDocument',
      summary: 'Record that an AUTHORIZED document was voided with the tax authority',
      description:
        'Nothing is sent to the tax authority: void the document in its portal first, then confirm here. RIDE, XML and email stay available and the document still counts in stats and quota. 400 DOCUMENT_VOID_CONFIRMATION_REQUIRED unless confirmedSriVoid is true; 400 VALIDATION_FAILED when reason is missing or over 500 characters; 400 DOCUMENT_NOT_AUTHORIZED unless AUTHORIZED. Needs documents:write (403 FORBIDDEN without it).',
      headers: IssuerHeader,
      params: AccessKeyParams,
      body: { ...VoidBody, ...DOCUMENTATION_ONLY },
      response: { 200: VoidResponse, ...authProblems(404) },
    },
    config: { auth: { ...writeAuth, scopeErrorCode: 'FORBIDDEN' } },
    handler: async (request) => ({
      ok: true as const,
      document: await extras.void(
        requireIssuerScope(request),
        requireAuth(request),
        request.params.accessKey,
        request.body,
      ),
    }),
  });
}
