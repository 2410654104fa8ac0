import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { requireAuth } from '../../http/auth.js';
import { CERT_MAX_BYTES, certFile, FormErrors, LOGO_MAX_BYTES, text } from '../../http/forms.js';
import { field, readMultipart } from '../../http/multipart.js';
import { originOf } from '../../http/origin.js';
import { authProblems, Ok, problems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { FIELD_RULES } from '../../shared/form-rules.js';
import { parseRegisterForm } from './register-form.schemas.js';
import type { RegistrationLimiter } from './registration-limit.js';
import {
  CheckResponse,
  LanguageBody,
  MessageResponse,
  RecoverForm,
  RecoverResponse,
  RegisterForm,
  RegisterResponse,
  ResendBody,
  TenantEventSchema,
  TenantSchema,
  TokenBody,
  TokenQuery,
  VerifyResponse,
} from './tenants.schemas.js';
import type { TenantsService } from './tenants.service.js';

const publicTags = ['Registration and verification'];
const tags = ['Tenant'];

export function registerTenantRoutes(
  app: App,
  deps: { tenants: TenantsService; limiter: RegistrationLimiter; config: Config },
): void {
  const { tenants, limiter, config } = deps;
  const limited = (request: FastifyRequest) => limiter.hit(request.ip);

  app.post('/v1/register', {
    schema: {
      tags: publicTags,
      operationId: 'registerTenant',
      summary: 'Create an account with its first issuer and signing certificate',
      description:
        'multipart/form-data. Answers with the tenant (PENDING_VERIFICATION), its issuer and a sandbox API key shown once; a verification email is sent. Shares the 5 requests per hour per IP limit with recover and resend-verification.',
      consumes: ['multipart/form-data'],
      body: RegisterForm,
      response: { 201: RegisterResponse, ...problems(400, 409, 413, 429, 500) },
    },
    preValidation: async (request) => limited(request),
    handler: async (request, reply) => {
      const form = await readMultipart(request, { logo: LOGO_MAX_BYTES, cert: CERT_MAX_BYTES });
      const input = parseRegisterForm(form, { production: config.nodeEnv === 'production' });
      const result = await tenants.register(input, originOf(request));
      return reply.code(201).send({ ok: true as const, ...result });
    },
  });

  app.post('/v1/recover', {
    schema: {
      tags: publicTags,
      operationId: 'recoverTenant',
      summary: 'Recover an account with its signing certificate',
      description:
        'multipart/form-data: cert, certPassword, email. When the certificate matches the one on file, the keys of the current environment are revoked and a new key is returned; every other case gets the same generic answer.',
      consumes: ['multipart/form-data'],
      body: RecoverForm,
      response: { 200: RecoverResponse, ...problems(400, 403, 413, 429, 500) },
    },
    preValidation: async (request) => limited(request),
    handler: async (request) => {
      const form = await readMultipart(request, { cert: CERT_MAX_BYTES });
      const errs = new FormErrors();
      const cert = certFile(form, errs);
      const email = text(form, 'email', errs, FIELD_RULES.email);
      errs.throwIfAny();
      const result = await tenants.recover(
        {
          cert: cert!.data,
          certPassword: field(form, 'certPassword'),
          email: email!,
        },
        originOf(request),
      );
      if (!result.matched) return { ok: true as const, message: result.message };
      const { matched: _m, ...body } = result;
      return { ok: true as const, ...body };
    },
  });

  app.get('/v1/verify-email/check', {
    schema: {
      tags: publicTags,
      operationId: 'checkVerificationToken',
      summary: 'Check a verification token without consuming it',
      querystring: TokenQuery,
      response: { 200: CheckResponse, ...problems(400, 429, 500) },
    },
    handler: async (request) => ({
      ok: true as const,
      ...(await tenants.checkToken(request.query.token.toLowerCase())),
    }),
  });

  app.post('/v1/verify-email', {
    schema: {
      tags: publicTags,
      operationId: 'verifyEmail',
      summary: 'Verify the email address (consumes the token)',
      body: TokenBody,
      response: { 200: VerifyResponse, ...problems(400, 429, 500) },
    },
    handler: async (request) => ({
      ok: true as const,
      ...(await tenants.verify(request.body.token.toLowerCase())),
    }),
  });

  app.get('/v1/verify-email', {
    schema: {
      tags: publicTags,
      operationId: 'verifyEmailByLink',
      summary: 'Legacy: check and consume a verification token',
      description:
        "Kept for links in older emails; new integrations use /v1/verify-email/check then POST /v1/verify-email. A browser (Accept: text/html) is sent to the web app's verification page, which does that.",
      querystring: TokenQuery,
      response: {
        200: VerifyResponse,
        303: Type.Null({ description: "To the web app's verification page (/verify?token=…)" }),
        ...problems(400, 429, 500),
      },
    },
    handler: async (request, reply) => {
      if (request.headers.accept?.includes('text/html'))
        return reply.redirect(`/verify?token=${encodeURIComponent(request.query.token)}`, 303);
      return { ok: true as const, ...(await tenants.verify(request.query.token.toLowerCase())) };
    },
  });

  app.post('/v1/resend-verification', {
    schema: {
      tags: publicTags,
      operationId: 'resendVerification',
      summary: 'Send a new verification email',
      description:
        'Always the same generic answer, whether or not the email belongs to an account waiting for verification.',
      body: ResendBody,
      response: { 200: MessageResponse, ...problems(400, 429, 500) },
    },
    preValidation: async (request) => limited(request),
    handler: async (request) => ({
      ok: true as const,
      ...(await tenants.resendVerification(request.body.email.trim(), originOf(request))),
    }),
  });

  app.get('/v1/tenants/me', {
    schema: {
      tags,
      operationId: 'getTenant',
      summary: 'The calling account',
      response: { 200: Type.Object({ ok: Ok, tenant: TenantSchema }), ...authProblems() },
    },
    config: { auth: { scope: null } },
    handler: async (request) => ({ ok: true as const, tenant: await tenants.me(requireAuth(request)) }),
  });

  app.get('/v1/tenants/events', {
    schema: {
      tags,
      operationId: 'listTenantEvents',
      summary: 'The account audit log, oldest first',
      response: { 200: Type.Object({ ok: Ok, events: Type.Array(TenantEventSchema) }), ...authProblems() },
    },
    config: { auth: { scope: null } },
    handler: async (request) => ({ ok: true as const, events: await tenants.events(requireAuth(request)) }),
  });

  app.patch('/v1/tenants/language', {
    schema: {
      tags,
      operationId: 'setTenantLanguage',
      summary: 'Set the language of outgoing emails and RIDEs',
      body: LanguageBody,
      response: { 200: Type.Object({ ok: Ok, language: Type.String() }), ...authProblems() },
    },
    config: { auth: { scope: 'tenant:manage' } },
    handler: async (request) => ({
      ok: true as const,
      ...(await tenants.setLanguage(requireAuth(request), request.body.language)),
    }),
  });
}
