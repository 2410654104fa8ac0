import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import type { RequestLogRecorder } from './request-log.recorder.js';

type KeyFacts = Pick<AuthContext, 'keyId' | 'tenantId' | 'environment' | 'internal'>;

export interface RequestLogHookDeps {
  recorder: RequestLogRecorder;
  clock: Clock;
  /** The auth step's own lookup (src/http/auth.ts AuthPorts.authenticate). */
  authenticate(token: string): Promise<KeyFacts | null>;
}

/**
 * Codes the auth step raises after the key was recognised (wrong environment, scope, suspended
 * account, web-app-only route, X-Issuer-Id): the request still belongs to that key's log, though
 * `request.auth` is only set once every check passed.
 */
const AFTER_KEY_CODES = new Set([
  'API_KEY_ENV_MISMATCH',
  'INSUFFICIENT_SCOPE',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  'INTERNAL_SERVICE_ONLY',
  'BAD_REQUEST',
  'ISSUER_ID_INVALID',
  'ISSUER_FORBIDDEN',
  'NOT_FOUND',
]);

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;
const MAX_PATH = 300;

/**
 * What the log keeps of the URL: the path without the query string (where verification and
 * magic-link tokens travel), and the route pattern (`/v1/shared/:token`) for a route whose path
 * holds a token.
 */
export function loggedPath(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const pattern = request.routeOptions.url;
  if (pattern?.includes(':token')) return pattern;
  const path = request.url.split('?')[0] ?? '';
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH - 1)}…` : path;
}

/**
 * Records every request authenticated by an API key (web-app sessions are not: their keys are
 * internal, never listed, so nobody could read their log) once its response is sent: the hook
 * runs after the client has its answer, and only appends to the in-memory buffer.
 */
export function registerRequestLog(app: FastifyInstance, deps: RequestLogHookDeps): void {
  const codes = new WeakMap<FastifyRequest, string>();

  // The problem document's `code`, read from what is sent (only error responses are parsed).
  // Callback style: every response passes here, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
    if (!request.routeOptions.config?.auth) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/problem+json')) {
      try {
        const code = (JSON.parse(payload) as { code?: unknown }).code;
        if (typeof code === 'string') codes.set(request, code);
      } catch {
        // not JSON after all: logged without a code
      }
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (!request.routeOptions.config?.auth) return done();
    const code = codes.get(request) ?? null;
    const key: KeyFacts | null = request.auth;
    if (!key && code && AFTER_KEY_CODES.has(code)) {
      const token = BEARER_RE.exec(request.headers.authorization ?? '')?.[1];
      if (token) {
        // Not returned: a callback-style hook that returns a promise would be resumed twice.
        void deps
          .authenticate(token)
          .catch(() => null)
          .then((found) => {
            record(request, reply, found, code);
            done();
          });
        return;
      }
    }
    record(request, reply, key, code);
    done();
  });

  function record(request: FastifyRequest, reply: FastifyReply, key: KeyFacts | null, code: string | null) {
    if (!key || key.internal) return;
    deps.recorder.record({
      keyId: key.keyId,
      tenantId: key.tenantId,
      environment: key.environment,
      method: request.method,
      path: loggedPath(request),
      status: reply.statusCode,
      code,
      requestId: request.id,
      durationMs: Math.round(reply.elapsedTime),
      at: deps.clock.now(),
    });
  }

  deps.recorder.start();
}
