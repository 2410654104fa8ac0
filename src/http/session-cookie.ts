import type { FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual, sha256Hex } from '../shared/secrets.js';

/**
 * The web app's session travels in two cookies: the internal API key (HttpOnly, so page
 * scripts never see it) and a CSRF token the page reads and echoes in `X-CSRF-Token` on every
 * unsafe request (double submit). The CSRF value is derived from the session token, so a cookie
 * planted by a sibling subdomain cannot be paired with a header of the attacker's choosing.
 */
export const SESSION_COOKIE = 'eik_session';
const CSRF_COOKIE = 'eik_csrf';
const CSRF_HEADER = 'x-csrf-token';

function csrfTokenFor(sessionToken: string): string {
  return sha256Hex(`csrf:${sessionToken}`);
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method);
}

/** True when the request echoes the CSRF cookie in the header and both belong to this session. */
export function csrfMatches(request: FastifyRequest, sessionToken: string): boolean {
  const raw = request.headers[CSRF_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  const cookie = request.cookies?.[CSRF_COOKIE];
  if (!header || !cookie) return false;
  return constantTimeEqual(header, cookie) && constantTimeEqual(header, csrfTokenFor(sessionToken));
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  opts: { secure: boolean; maxAgeSeconds: number },
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: opts.secure, maxAge: opts.maxAgeSeconds };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(token), { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, opts: { secure: boolean }): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: opts.secure };
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, base);
}
