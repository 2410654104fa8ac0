import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthFailureGuard } from '../../rate-limit/index.js';
import { AppError } from '../../shared/errors.js';

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The operator API's own credential: `Authorization: Bearer <ADMIN_TOKEN>`, never an API key.
 * Without ADMIN_TOKEN the whole API answers 404 (it does not exist); a missing or wrong token is
 * 401 UNAUTHORIZED. Digests of equal length are compared in constant time, so neither the token
 * nor its length leaks through timing.
 */
export function registerOperatorAuth(
  scope: FastifyInstance,
  adminToken: string | null,
  failures: AuthFailureGuard,
): void {
  const expected = adminToken ? digest(adminToken) : null;
  scope.addHook('onRequest', async (request) => {
    if (!expected) throw new AppError('NOT_FOUND', 'The operator API is disabled (ADMIN_TOKEN is not set)');
    const header = request.headers.authorization;
    if (!header)
      throw new AppError('UNAUTHORIZED', 'Send the operator token: "Authorization: Bearer <ADMIN_TOKEN>"');
    // A wrong token counts against the client address like a wrong API key (token guessing).
    failures.check(request.ip);
    const match = BEARER_RE.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected))
      return failures.failed(request.ip, new AppError('UNAUTHORIZED', 'Invalid operator token'));
  });
}
