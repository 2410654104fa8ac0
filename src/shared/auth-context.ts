/**
 * Who is calling, as services see it: the API key's scopes and environment, its tenant, and the
 * issuer named by X-Issuer-Id. src/http/auth.ts resolves it from the request once; services take
 * it from here so that nothing below the routes imports the HTTP layer.
 */
export const SCOPES = [
  'documents:write',
  'documents:read',
  'issuers:read',
  'issuers:write',
  'keys:manage',
  'billing:manage',
  'webhooks:manage',
  'tenant:manage',
  'tenant:promote',
] as const;
export type Scope = (typeof SCOPES)[number];

import type { Environment } from './scope.js';

export type { Environment } from './scope.js';

type TenantStatus = 'PENDING_VERIFICATION' | 'ACTIVE' | 'SUSPENDED' | 'PAST_DUE';

/** Who is calling: resolved once per request from the Bearer key. */
export interface AuthContext {
  keyId: string;
  scopes: Scope[];
  environment: Environment;
  internal: boolean;
  tenantId: string;
  tenantStatus: TenantStatus;
  /** false = promoted to production. */
  sandbox: boolean;
  emailVerified: boolean;
  language: 'es' | 'en';
  tier: string;
  /** The tenant's current environment (docs/spec-map.md: the key must match it on document routes). */
  tenantEnvironment: Environment;
  /** Set when the route reads X-Issuer-Id and the header named an issuer of this tenant. */
  issuerId: string | null;
}

/**
 * What an account service needs of its caller: the tenant (and, where a service says so in its own
 * `Pick<AuthContext, …>`, a few more facts). Services take this, not the whole authentication, so a
 * job, the operator console or a test calls them with just what they use.
 */
export type TenantScope = Pick<AuthContext, 'tenantId'>;
