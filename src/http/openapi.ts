import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import { getHtmlDocument } from '@scalar/core/libs/html-rendering';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS } from '../shared/errors.js';
import { SERVICE_VERSION } from '../shared/version.js';
import { mapDiscriminators } from './openapi-discriminators.js';

const API_VERSION = SERVICE_VERSION;

/** Scalar's standalone script, shipped by @scalar/fastify-api-reference. */
const SCALAR_SCRIPT = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@scalar/fastify-api-reference')),
  'js/standalone.js',
);

/**
 * The guide shown first in /docs (authentication, X-Issuer-Id, idempotency, errors, pagination,
 * webhooks, sandbox outcomes; English and Spanish): docs/api-guide.md, read once at start.
 */
const API_GUIDE = readFileSync(new URL('../../docs/api-guide.md', import.meta.url), 'utf8');

interface NamedExample {
  summary: string;
  value: unknown;
}
/** Examples of one operation: its request body, and responses by status. */
export interface OperationExamples {
  request?: Record<string, NamedExample>;
  responses?: Record<number, Record<string, NamedExample>>;
}

export interface OpenApiOptions {
  publicBaseUrl: string;
  /** By operationId. */
  examples?: Record<string, OperationExamples>;
}

/** Route-schema markers read by our validator compiler only: not part of the contract. */
const INTERNAL_KEYWORDS = ['x-multipart', 'x-validated-by-service'];

const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment required: a plan limit is reached',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests: wait for the seconds in Retry-After',
  500: 'Internal error (the request id is in X-Request-Id)',
  503: 'Service unavailable',
};

const SUCCESS_TITLES: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
};

/** `403` -> "Forbidden. A problem document; code one of INSUFFICIENT_SCOPE, …" from the one code table. */
function problemDescription(status: number): string {
  const codes = Object.entries(ERROR_STATUS)
    .filter(([, s]) => s === status)
    .map(([code]) => `\`${code}\``);
  const title = PROBLEM_TITLES[status] ?? `Error ${status}`;
  return codes.length ? `${title}. Problem document; \`code\` is one of ${codes.join(', ')}.` : title;
}

type Json = Record<string, unknown>;

function stripInternalKeywords(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(stripInternalKeywords);
    return;
  }
  for (const key of INTERNAL_KEYWORDS) delete (node as Json)[key];
  for (const value of Object.values(node)) stripInternalKeywords(value);
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);

/**
 * What @fastify/swagger leaves generic, made precise on the whole document: a description per
 * response (problem responses name their possible codes and are served as application/problem+json),
 * the examples, and no internal keywords.
 */
function finishDocument(doc: Json, examples: Record<string, OperationExamples> = {}): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const pathItem of Object.values(paths)) {
    for (const [method, op] of Object.entries(pathItem)) {
      if (!HTTP_METHODS.has(method)) continue;
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const opExamples = examples[op.operationId as string] ?? {};
      for (const [statusText, response] of Object.entries(responses)) {
        const status = Number(statusText);
        const content = response.content as Record<string, Json> | undefined;
        const problemMedia = Object.values(content ?? {}).find(
          (media) => (media.schema as Json | undefined)?.$ref === '#/components/schemas/Problem',
        );
        if (problemMedia) {
          response.description = problemDescription(status);
          response.content = { 'application/problem+json': problemMedia };
        } else if (response.description === 'Default Response') {
          const title = SUCCESS_TITLES[status] ?? `Status ${status}`;
          response.description = `${title}: ${String(op.summary ?? '').replace(/\.$/, '')}`;
        }
        const named = opExamples.responses?.[status];
        if (named && response.content) {
          const media = Object.values(response.content as Record<string, Json>)[0];
          if (media) media.examples = named;
        }
      }
      const body = op.requestBody as Json | undefined;
      if (body) {
        stripInternalKeywords(body);
        if (opExamples.request) {
          for (const media of Object.values(body.content as Record<string, Json>)) {
            media.examples = opExamples.request;
          }
        }
      }
    }
  }
  mapDiscriminators(doc);
  return doc;
}

/**
 * OpenAPI 3.1 generated from the route schemas, served at /v1/openapi.json, with a docs page at /docs.
 * Schemas with an `$id` (Tenant, Problem, …) become named components reused by reference.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'einvoice-ec API',
        version: API_VERSION,
        description: API_GUIDE,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: options.publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key: Authorization: Bearer eik_test_…',
          },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `Schema${i}`,
    },
    transform: ({ schema, url, route }) => {
      const auth = (route.config as { auth?: { scope: string | null } } | undefined)?.auth;
      const out = { ...(schema as Record<string, unknown>) };
      if (auth) {
        out.security = [{ bearerAuth: [] }];
        const scopeNote = auth.scope ? `Scope: \`${auth.scope}\`.` : 'Any active key (scope-exempt).';
        out.description = out.description ? `${out.description}\n\n${scopeNote}` : scopeNote;
      } else if (!out.security) {
        out.security = [];
      }
      return { schema: out as never, url };
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as { openapiObject: Json }).openapiObject;
      return finishDocument(doc, options.examples) as never;
    },
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Scalar's reference page, served offline: its script comes from node_modules (/docs/js/scalar.js),
  // no web fonts, no request proxy; the document is the one above (/docs/openapi.json).
  // The page is @scalar/core's, as @scalar/fastify-api-reference renders it; that plugin is not
  // registered because it reads its 3.5 MB script into a string at start (6.9 MB of every API
  // process's heap for a page few open): the script is streamed from its file instead.
  const page = getHtmlDocument({
    _integration: 'fastify',
    cdn: 'js/scalar.js',
    url: './openapi.json',
    pageTitle: 'einvoice-ec API',
    withDefaultFonts: false,
    telemetry: false,
    // Nothing that calls Scalar's services: no AI agent, no developer toolbar (share, deploy).
    agent: { disabled: true },
    showDeveloperTools: 'never',
    defaultOpenAllTags: false,
    metaData: { title: 'einvoice-ec API' },
  });
  const hidden = { schema: { hide: true } };
  app.get('/docs', hidden, (_request, reply) => reply.redirect('/docs/', 301));
  app.get('/docs/', hidden, (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/docs/js/scalar.js', hidden, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(createReadStream(SCALAR_SCRIPT)),
  );
  app.get('/docs/openapi.json', hidden, async () => app.swagger());
}
