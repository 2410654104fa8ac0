import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AppError,
  type ErrorCode,
  type FieldError,
  problemKind,
  STATUS_TITLES,
} from '../shared/errors.js';

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  instance: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** Where `type` URLs point: `{docs_url}/errors/<kind>` (interface.md, Errors). */
let docsUrl = 'http://localhost:3000/docs';
export function setProblemDocsUrl(url: string): void {
  docsUrl = url;
}

export function problemFor(
  request: FastifyRequest,
  status: number,
  code: ErrorCode | string,
  detail: string,
  errors?: FieldError[],
  extra?: Record<string, unknown>,
): ProblemDocument {
  const doc: ProblemDocument = {
    type: `${docsUrl}/errors/${problemKind(status)}`,
    title: STATUS_TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    instance: request.url.split('?')[0] ?? request.url,
    ...(extra ?? {}),
  };
  // `expected` is the dry run's (FieldError): a problem document names the path and the message.
  if (errors) doc.errors = errors.map(({ path, message }) => ({ path, message }));
  return doc;
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const doc = problemFor(
    request,
    error.status,
    error.code,
    error.message,
    error.errors ?? (error.code === 'VALIDATION_FAILED' ? [] : undefined),
    error.extra,
  );
  return reply.code(error.status).type('application/problem+json').send(doc);
}

/** Content-Type `application/problem+json` with the shape every error response has. */
export const ProblemSchemaRef = 'Problem#';
