import { type TSchema, Type } from '@sinclair/typebox';

/** The problem document: every error response, whatever its status (decisions.md). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    instance: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 9457 problem document' },
);

const ProblemRef = Type.Ref(ProblemSchema);

/** Declares the problem response for each listed status (OpenAPI + serialization). */
export function problems(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const s of statuses) out[s] = ProblemRef;
  return out;
}

/** Standard error statuses of an authenticated route, plus the route's own ones. */
export function authProblems(...statuses: number[]): Record<number, TSchema> {
  return problems(400, 401, 403, 429, 500, ...statuses);
}

export const Ok = Type.Literal(true);
export const Uuid = Type.String({ format: 'uuid' });
export const IsoDateTime = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * The deepest page a `page` query may ask for. A bound in the schema, so that no page number,
 * however large, reaches SQL as an offset PostgreSQL cannot read (`1e+21`): past it, 400.
 * 10 million pages of 100 rows is far beyond any account's list.
 */
const MAX_PAGE = 10_000_000;

/** `page` of a paged list: 1 to MAX_PAGE. */
export const PageQuery = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });

export const UuidParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const OkResponse = Type.Object({ ok: Ok });

/** A string enum with a precise static type and a plain `enum` in OpenAPI. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
