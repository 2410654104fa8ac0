import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../shared/errors.js';
import type { ApiCounter } from './api-store.js';
import { describeWindow } from './sliding-window.js';

interface Rule {
  max: number;
  windowMs: number;
}

/**
 * The API limit (docs/hardening.md, "Rate limits"): a callback-style onRequest hook added to every
 * route as it is declared, so it runs after the global hooks (authentication first: the key is
 * the verified key, a web-app session counts like its key, else the client address; the operator
 * API has its own bucket per address). It sets X-RateLimit-Limit, -Remaining and -Reset on every
 * answer, and past the limit answers 429 TOO_MANY_REQUESTS with Retry-After. This replaces
 * @fastify/rate-limit, whose hook cost several promises per request (keyGenerator, allowList,
 * max, the store call are all awaited): here a request whose count this process already holds
 * costs no promise and no statement.
 */
export function registerApiRateLimit(
  app: FastifyInstance,
  deps: { counter: ApiCounter; api: Rule; admin: Rule },
): void {
  const { counter, api, admin } = deps;
  const hook: onRequestHookHandler = (request, reply, done) => {
    const operator = request.url.startsWith('/admin/');
    // API_RATE_LIMIT=0: no API limit (and no statement); the operator API keeps its own.
    if (!operator && api.max === 0) return done();
    const rule = operator ? admin : api;
    const key = operator ? `op:${request.ip}` : request.auth ? `k:${request.auth.keyId}` : `ip:${request.ip}`;
    counter.incr(key, rule.windowMs, rule.max, (error, result) => {
      if (error || !result) return done(error ?? undefined);
      done(answer(request, reply, rule, result.current, result.ttl));
    });
  };
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest;
    route.onRequest = Array.isArray(hooks) ? [...hooks, hook] : hooks ? [hooks, hook] : [hook];
  });
}

function answer(
  _request: FastifyRequest,
  reply: FastifyReply,
  rule: Rule,
  current: number,
  ttl: number,
): AppError | undefined {
  const reset = Math.ceil(ttl / 1000);
  reply.header('x-ratelimit-limit', rule.max);
  if (current <= rule.max) {
    reply.header('x-ratelimit-remaining', rule.max - current);
    reply.header('x-ratelimit-reset', reset);
    return undefined;
  }
  reply.header('x-ratelimit-remaining', 0);
  reply.header('x-ratelimit-reset', reset);
  reply.header('retry-after', reset);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Rate limit exceeded: ${describeWindow(rule.max, rule.windowMs)}; retry in ${reset} s`,
    { extra: { retryAfter: reset } },
  );
}
