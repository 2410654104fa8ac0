import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, StringEnum } from '../../http/schemas.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

export const RequestLogQuerySchema = Type.Object({
  status: Type.Optional(
    Type.String({
      pattern: '^[1-5]([0-9]{2}|xx)$',
      description: 'An exact status (404) or a class (4xx)',
      examples: ['4xx'],
    }),
  ),
  code: Type.Optional(
    Type.String({
      maxLength: 64,
      pattern: '^[A-Z][A-Z0-9_]*$',
      description: 'The problem document code',
      examples: ['VALIDATION_FAILED'],
    }),
  ),
  method: Type.Optional(StringEnum(METHODS, { description: 'HTTP method' })),
  path: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 300,
      description: 'Part of the path, any case',
      examples: ['/v1/documents'],
    }),
  ),
  requestId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 128, description: 'The X-Request-Id of the response' }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Requests at or after (ISO 8601)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Requests at or before (ISO 8601)' })),
  cursor: Type.Optional(
    Type.String({ pattern: '^[1-9][0-9]{0,17}$', description: 'nextCursor of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

const LoggedRequest = Type.Object(
  {
    id: Type.String({ description: 'Row id (also the order: newest first)' }),
    method: Type.String(),
    path: Type.String({
      description: 'URL path without the query string; the route pattern for paths holding a token',
    }),
    status: Type.Integer(),
    code: Nullable(Type.String({ description: 'The problem document code of a failed request' })),
    requestId: Type.String(),
    durationMs: Type.Integer(),
    environment: StringEnum(['sandbox', 'production'] as const),
    createdAt: IsoDateTime,
  },
  { $id: 'LoggedRequest' },
);

export const RequestLogResponse = Type.Object({
  ok: Ok,
  requests: Type.Array(LoggedRequest),
  nextCursor: Nullable(Type.String()),
});
