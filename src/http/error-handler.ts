import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { AppError } from '../shared/errors.js';
import { sendProblem } from './problem.js';
import { toFieldErrors } from './validation.js';

/**
 * The one error normaliser: any error thrown while handling a request becomes an AppError.
 * Fastify's own errors (validation, body parsing, payload size, rate limit) get a stable code; a
 * 5xx never echoes internals.
 */
function toAppError(error: FastifyError & { validationContext?: string }, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const errors = toFieldErrors(error.validation as never, error.validationContext ?? 'body');
    const detail = errors.map((e) => `${e.path} ${e.message}`).join('; ');
    return new AppError('VALIDATION_FAILED', detail, { errors });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new AppError('TOO_MANY_REQUESTS', 'Rate limit exceeded; retry later');
  if (
    status === 413 ||
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.code === 'FST_PARTS_LIMIT' ||
    error.code === 'FST_FILES_LIMIT'
  )
    return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (
    status === 415 ||
    error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
    error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
  )
    return new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Unsupported Content-Type ${request.headers['content-type'] ?? '(none)'}`,
    );
  if (status === 404) return new AppError('NOT_FOUND', error.message);
  if (status >= 400 && status < 500) {
    // Body parsing (bad JSON, empty JSON body) and other client errors from Fastify.
    const detail =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
        ? 'The body is not valid JSON'
        : error.message;
    return new AppError('BAD_REQUEST', detail);
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError('INTERNAL_ERROR', 'An unexpected error occurred; it has been logged');
}

/** Every error and every unknown route leaves as a problem document, through sendProblem. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) =>
    sendProblem(request, reply, toAppError(error, request)),
  );
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
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
  return sendProblem(
    request as unknown as FastifyRequest,
    reply as unknown as FastifyReply,
    new AppError('BAD_REQUEST', detail),
  );
};
