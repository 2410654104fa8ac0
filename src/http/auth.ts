import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthFailureGuard } from '../rate-limit/index.js';
import type { AuthContext, Scope } from '../shared/auth-context.js';
import { AppError, type ErrorCode } from '../shared/errors.js';
import { isUuid } from '../shared/ids.js';
import type { IssuerScope } from '../shared/scope.js';
import { csrfMatches, isUnsafeMethod, SESSION_COOKIE } from './session-cookie.js';

export type { AuthContext } from '../shared/auth-context.js';

/**
 * What a route needs from its caller, declared next to its schema:
 * `config: { auth: { scope: 'keys:manage' } }`. Routes without `auth` are public.
 */
export interface RouteAuth {
  /** null: any active key (scope-exempt routes). */
  scope: Scope | null;
  /** The code when the scope is missing (INSUFFICIENT_SCOPE unless the spec names another). */
  scopeErrorCode?: ErrorCode;
  /** Document routes: the key's environment must equal the tenant's (401 API_KEY_ENV_MISMATCH). */
  environmentMatch?: boolean;
  /** Web-app-only actions: ordinary keys get 403 INTERNAL_SERVICE_ONLY after scope checks pass. */
  internalOnly?: boolean;
  /** Whether a SUSPENDED tenant may call it. Default: reads (GET/HEAD) yes, writes no. */
  allowSuspended?: boolean;
  /** X-Issuer-Id handling: required (400 BAD_REQUEST when missing), or optional. */
  issuerHeader?: 'required' | 'optional';
  /** Code for a malformed optional X-Issuer-Id (notifications use ISSUER_ID_INVALID). */
  issuerHeaderErrorCode?: ErrorCode;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface AuthPorts {
  /** Resolves a plaintext Bearer token to its context, or null (unknown, revoked, expired). */
  authenticate(token: string): Promise<Omit<AuthContext, 'issuerId'> | null>;
  /** The owning tenant of an issuer id, or null when unknown. */
  issuerOwner(issuerId: string): Promise<string | null>;
  /** Called after a successful authentication; must not make the request wait on a write. */
  recordUse(keyId: string): void;
}

/** The key of the request (used to exempt it from limits and to block self-revocation). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Missing API key');
  return request.auth;
}

/** The issuer scope of a document route: tenant, the X-Issuer-Id issuer, the key's environment. */
function issuerScopeOf(auth: AuthContext): IssuerScope {
  if (!auth.issuerId) throw new AppError('BAD_REQUEST', 'The X-Issuer-Id header is required');
  return { tenantId: auth.tenantId, issuerId: auth.issuerId, environment: auth.environment };
}

/** requireAuth + issuerScopeOf: what a document route hands its service. */
export function requireIssuerScope(request: FastifyRequest): IssuerScope {
  return issuerScopeOf(requireAuth(request));
}

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

/**
 * The Bearer key, or else the web app's session cookie used exactly like one. A cookie-borne
 * unsafe request must also echo the CSRF cookie in X-CSRF-Token (403 FORBIDDEN otherwise);
 * Bearer requests cannot be forged cross-site and skip that check.
 */
function credentialOf(request: FastifyRequest): { value: string; viaCookie: boolean } {
  const header = request.headers.authorization;
  if (header) {
    const match = BEARER_RE.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'Malformed Authorization header; use "Bearer <API key>"');
    return { value: match[1]!, viaCookie: false };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (!cookie) throw new AppError('UNAUTHORIZED', 'Missing API key: send "Authorization: Bearer <API key>"');
  if (isUnsafeMethod(request.method) && !csrfMatches(request, cookie)) {
    throw new AppError('FORBIDDEN', 'Missing or wrong X-CSRF-Token header: echo the eik_csrf cookie');
  }
  return { value: cookie, viaCookie: true };
}

/**
 * `failures` counts presented credentials that fail (malformed, unknown, revoked) against the
 * client address; past its limit the address gets 429 before any lookup. A request without any
 * credential is a plain 401 and costs nothing, so it is not counted.
 */
export function registerAuth(app: FastifyInstance, ports: AuthPorts, failures: AuthFailureGuard): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.auth;
    if (!rule) return;
    if (request.headers.authorization || request.cookies?.[SESSION_COOKIE]) failures.check(request.ip);
    let token: { value: string; viaCookie: boolean };
    try {
      token = credentialOf(request);
    } catch (e) {
      if (e instanceof AppError && e.code === 'UNAUTHORIZED' && request.headers.authorization)
        return failures.failed(request.ip, e);
      throw e;
    }
    const ctx = await ports.authenticate(token.value);
    // A cookie only ever carries a web-app session: an ordinary key planted in it is refused.
    if (!ctx || (token.viaCookie && !ctx.internal))
      return failures.failed(request.ip, new AppError('UNAUTHORIZED', 'Invalid or revoked API key'));
    ports.recordUse(ctx.keyId);

    if (rule.environmentMatch && ctx.environment !== ctx.tenantEnvironment) {
      throw new AppError(
        'API_KEY_ENV_MISMATCH',
        `This is a ${ctx.environment} key but the account is in ${ctx.tenantEnvironment}; use a ${ctx.tenantEnvironment} key`,
      );
    }
    if (rule.scope && !ctx.scopes.includes(rule.scope)) {
      throw new AppError(
        rule.scopeErrorCode ?? 'INSUFFICIENT_SCOPE',
        `This key lacks the scope ${rule.scope}`,
      );
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const allowSuspended = rule.allowSuspended ?? isRead;
    if (ctx.tenantStatus === 'SUSPENDED' && !allowSuspended) {
      throw new AppError('ACCOUNT_SUSPENDED', 'The account is suspended; only reads are allowed');
    }
    if (rule.internalOnly && !ctx.internal) {
      throw new AppError('INTERNAL_SERVICE_ONLY', 'This action is reserved for the web app');
    }

    let issuerId: string | null = null;
    if (rule.issuerHeader) {
      const raw = request.headers['x-issuer-id'];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (value === undefined || value === '') {
        if (rule.issuerHeader === 'required')
          throw new AppError('BAD_REQUEST', 'The X-Issuer-Id header is required');
      } else if (!isUuid(value)) {
        throw new AppError(rule.issuerHeaderErrorCode ?? 'BAD_REQUEST', 'X-Issuer-Id must be a UUID');
      } else {
        const owner = await ports.issuerOwner(value.toLowerCase());
        if (owner === null) throw new AppError('NOT_FOUND', 'Issuer not found');
        if (owner !== ctx.tenantId)
          throw new AppError('ISSUER_FORBIDDEN', 'The issuer belongs to another account');
        issuerId = value.toLowerCase();
      }
    }
    request.auth = { ...ctx, issuerId };
  });
}
