import type { FastifyReply } from 'fastify';
import type { Config } from '../../config/config.js';
import { requireAuth } from '../../http/auth.js';
import { originOf } from '../../http/origin.js';
import { authProblems, OkResponse, problems } from '../../http/schemas.js';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookie.js';
import type { App } from '../../http/types.js';
import { validationError } from '../../shared/errors.js';
import { OpenedResponse, SessionResponse, StartBody, StartResponse, VerifyBody } from './sessions.schemas.js';
import { SESSION_TTL_MS, type SessionsService } from './sessions.service.js';

const tags = ['Web app session'];
/** Session routes act on the session itself, so a suspended account may still sign out. */
const sessionAuth = { scope: null, internalOnly: true, allowSuspended: true } as const;

export function registerSessionRoutes(app: App, deps: { sessions: SessionsService; config: Config }): void {
  const { sessions, config } = deps;
  const secure = config.publicBaseUrl.startsWith('https:');
  const opened = (reply: FastifyReply, s: { token: string; expiresAt: Date; tenant: unknown }) => {
    setSessionCookies(reply, s.token, { secure, maxAgeSeconds: SESSION_TTL_MS / 1000 });
    return { ok: true as const, expiresAt: s.expiresAt.toISOString(), tenant: s.tenant as never };
  };

  app.post('/v1/session/start', {
    schema: {
      tags,
      operationId: 'startSession',
      summary: 'Email a sign-in code and magic link',
      description:
        'Public. Always the same answer. A verified account gets a 6-digit code and a single-use link, both valid 10 minutes (the newest email cancels earlier ones); an account waiting for verification gets a fresh verification email instead. Limited per client address and per email (429).',
      body: StartBody,
      response: { 200: StartResponse, ...problems(400, 429, 500) },
    },
    handler: async (request) => ({
      ok: true as const,
      ...(await sessions.start(request.body.email, request.ip, originOf(request))),
    }),
  });

  app.post('/v1/session/verify', {
    schema: {
      tags,
      operationId: 'verifySession',
      summary: 'Open a web app session with the emailed code or link',
      description:
        'Body `{email, code}` or `{token}`. Sets the HttpOnly session cookie (an internal API key valid 12 hours) and the readable CSRF cookie to echo in `X-CSRF-Token` on unsafe requests. Wrong, used or expired: 400 INVALID_OR_EXPIRED_TOKEN (a code dies after 5 wrong attempts).',
      body: VerifyBody,
      response: { 200: OpenedResponse, ...problems(400, 403, 429, 500) },
    },
    handler: async (request, reply) => {
      const { email, code, token } = request.body;
      if (token) return opened(reply, await sessions.verifyLink(token));
      if (!email) throw validationError('email', 'is required with code (or send token)');
      if (!code) throw validationError('code', 'is required with email (or send token)');
      return opened(reply, await sessions.verifyCode(email, code));
    },
  });

  app.get('/v1/session', {
    schema: {
      tags,
      operationId: 'getSession',
      summary: 'Who is signed in',
      response: { 200: SessionResponse, ...authProblems() },
    },
    config: { auth: { scope: null } },
    handler: async (request) => ({ ok: true as const, ...(await sessions.describe(requireAuth(request))) }),
  });

  app.post('/v1/session/refresh', {
    schema: {
      tags,
      operationId: 'refreshSession',
      summary: 'Replace the session key (new expiry, current environment)',
      description: "The web app calls it after going to production: the account's environment changed.",
      response: { 200: OpenedResponse, ...authProblems() },
    },
    config: { auth: sessionAuth },
    handler: async (request, reply) => opened(reply, await sessions.refresh(requireAuth(request))),
  });

  app.post('/v1/session/logout', {
    schema: {
      tags,
      operationId: 'logoutSession',
      summary: 'Sign out: revoke the session key and clear the cookies',
      response: { 200: OkResponse, ...authProblems() },
    },
    config: { auth: sessionAuth },
    handler: async (request, reply) => {
      await sessions.logout(requireAuth(request));
      clearSessionCookies(reply, { secure });
      return { ok: true as const };
    },
  });
}
