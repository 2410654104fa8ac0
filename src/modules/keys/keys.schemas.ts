import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, Uuid } from '../../http/schemas.js';
import { SCOPES } from '../../shared/auth-context.js';

const ScopeSchema = Type.Union(
  SCOPES.map((s) => Type.Literal(s)),
  { description: 'One of the nine scopes' },
);
const EnvironmentSchema = Type.Union([Type.Literal('sandbox'), Type.Literal('production')]);

const ApiKeySchema = Type.Object(
  {
    id: Uuid,
    label: Nullable(Type.String()),
    environment: EnvironmentSchema,
    scopes: Type.Array(ScopeSchema),
    active: Type.Boolean(),
    createdAt: IsoDateTime,
    revokedAt: Nullable(IsoDateTime),
    lastUsedAt: Nullable(IsoDateTime),
    requestCount: Type.Integer(),
  },
  { $id: 'ApiKey' },
);

const KeyLimitSchema = Type.Object({ max: Type.Integer(), used: Type.Integer() });

export const ListKeysResponse = Type.Object({
  ok: Ok,
  keys: Type.Array(ApiKeySchema),
  limit: KeyLimitSchema,
});

export const CreateKeyBody = Type.Object({
  label: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  environment: Type.Optional(EnvironmentSchema),
  scopes: Type.Optional(Type.Array(ScopeSchema, { minItems: 1 })),
});

export const CreateKeyResponse = Type.Object({
  ok: Ok,
  apiKey: Type.String({ description: 'The token, shown once and never again' }),
  scopes: Type.Array(ScopeSchema),
  id: Uuid,
  environment: EnvironmentSchema,
  label: Nullable(Type.String()),
});

export const UsageQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
});

export const UsageResponse = Type.Object({
  ok: Ok,
  usage: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), requestCount: Type.Integer() })),
});
