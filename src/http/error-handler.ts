import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { AppError } from '../shared/errors.js';
import { problemFor } from './problem.js';
import { toFieldErrors } from './validation.js';

/**
 * The one place where errors become problem documents. Fastify's own errors (validation,
 * body parsing, payload size, unknown routes) get the same shape and a stable code; a 5xx never
 * echoes internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.extra?.retryAfter;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return reply
        .code(error.status)
        .type('application/problem+json')
        .send(
          problemFor(
            request,
            error.status,
            error.code,
            error.message,
            error.errors ?? (error.code === 'VALIDATION_FAILED' ? [] : undefined),
            error.extra,
          ),
        );
    }
    if (error.validation) {
      const errors = toFieldErrors(error.validation as never, error.validationContext ?? 'body');
      const detail = errors.map((e) => `${e.path} ${e.message}`).join('; ');
      return reply
        .code(400)
        .type('application/problem+json')
        .send(problemFor(request, 400, 'VALIDATION_FAILED', detail, errors));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .type('application/problem+json')
        .send(problemFor(request, 429, 'TOO_MANY_REQUESTS', 'Rate limit exceeded; retry later'));
    }
    if (
      status === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_PARTS_LIMIT' ||
      error.code === 'FST_FILES_LIMIT'
    ) {
      return reply
        .code(413)
        .type('application/problem+json')
        .send(problemFor(request, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'));
    }
    if (
      status === 415 ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
    ) {
      return reply
        .code(415)
        .type('application/problem+json')
        .send(
          problemFor(
            request,
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            `Unsupported Content-Type ${request.headers['content-type'] ?? '(none)'}`,
          ),
        );
    }
    if (status === 404) {
      return reply
        .code(404)
        .type('application/problem+json')
        .send(problemFor(request, 404, 'NOT_FOUND', error.message));
    }
    if (status >= 400 && status < 500) {
      // Body parsing (bad JSON, empty JSON body) and other client errors from Fastify.
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
          ? 'The body is not valid JSON'
          : error.message;
      return reply
        .code(400)
        .type('application/problem+json')
        .send(problemFor(request, 400, 'BAD_REQUEST', detail));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .type('application/problem+json')
      .send(problemFor(request, 500, 'INTERNAL_ERROR', 'An unexpected error occurred; it has been logged'));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .code(404)
      .type('application/problem+json')
      .send(problemFor(request, 404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}

/**
 * Errors the router raises before any hook or handler (a malformed percent-encoding in the path,
 * FST_ERR_BAD_URL): the same problem document as every other bad input. Fastify's own option,
 * passed to its constructor.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  const detail =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The URL path is not valid percent-encoded UTF-8'
      : 'Malformed request';
  // The option's types are generic over every route's schema; this answer fits any of them.
  return (reply as unknown as FastifyReply)
    .code(400)
    .type('application/problem+json')
    .send(problemFor(request as unknown as FastifyRequest, 400, 'BAD_REQUEST', detail));
};
