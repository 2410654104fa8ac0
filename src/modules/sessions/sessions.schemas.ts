import { Type } from '@sinclair/typebox';
import { Ok, StringEnum } from '../../http/schemas.js';

export const StartBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);

export const VerifyBody = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$', description: 'the 6-digit code of the email' })),
    token: Type.Optional(
      Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: "the magic link's token (64 hex)" }),
    ),
  },
  { additionalProperties: false, description: '`{email, code}` or `{token}`' },
);

const SessionTenant = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  status: Type.String(),
  sandbox: Type.Boolean(),
  language: StringEnum(['es', 'en'] as const),
  emailVerified: Type.Boolean(),
});

export const StartResponse = Type.Object({ ok: Ok, message: Type.String() });

export const OpenedResponse = Type.Object({
  ok: Ok,
  expiresAt: Type.String({ format: 'date-time' }),
  tenant: SessionTenant,
});

export const SessionResponse = Type.Object({
  ok: Ok,
  session: Type.Object({
    environment: StringEnum(['sandbox', 'production'] as const),
    internal: Type.Boolean({ description: 'false when called with an ordinary API key' }),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  tenant: SessionTenant,
});
