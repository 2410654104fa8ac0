import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AppError,
  type ErrorCode,
  type FieldError,
  problemKind,
  STATUS_TITLES,
} from '../shared/errors.js';
import { localizeFieldErrors, requestLanguage } from './field-language.js';

interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  instance: string;
  requestId: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where problem `type` URLs point: `{docs_url}/errors/<kind>` (docs/spec-map.md, Errors). */
    problemDocsUrl: string;
  }
}

/** Sets the docs URL of this application's problem documents (once, in buildApp). */
export function registerProblemDocsUrl(app: FastifyInstance, docsUrl: string): void {
  app.decorate('problemDocsUrl', docsUrl);
}

/**
 * The problem document of one request. `requestId` (the X-Request-Id of the response) is an
 * extension member (RFC 9457, section 3.2) so that a client can quote it to support.
 */
function problemFor(
  request: FastifyRequest,
  status: number,
  code: ErrorCode | string,
  detail: string,
  errors?: FieldError[],
  extra?: Record<string, unknown>,
): ProblemDocument {
  const doc: ProblemDocument = {
    type: `${request.server.problemDocsUrl}/errors/${problemKind(status)}`,
    title: STATUS_TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    instance: request.url.split('?')[0] ?? request.url,
    requestId: request.id,
    ...(extra ?? {}),
  };
  // `expected` is the dry run's (FieldError): a problem document names the path and the message.
  if (errors) doc.errors = errors.map(({ path, message }) => ({ path, message }));
  return doc;
}

/** Sends an AppError as a problem document; the only way an error reaches a client. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const retryAfter = error.extra?.retryAfter;
  if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
  // Errors of the router (frameworkErrors) come before the onRequest hook that sets it.
  reply.header('X-Request-Id', request.id);
  // Field messages in the request's language (Accept-Language); the detail repeats them.
  const lang = requestLanguage(request);
  const errors = error.errors && localizeFieldErrors(error.errors, lang);
  const detail =
    errors && errors.length > 0 && lang !== 'en'
      ? errors.map((e) => `${e.path}: ${e.message}`).join('; ')
      : error.message;
  const doc = problemFor(
    request,
    error.status,
    error.code,
    detail,
    errors ?? (error.code === 'VALIDATION_FAILED' ? [] : undefined),
    error.extra,
  );
  return reply.code(error.status).type('application/problem+json').send(doc);
}
