/** The tax authority's two environments: ambiente 1 (pruebas) and 2 (producción). */
export type Environment = 'sandbox' | 'production';

/**
 * Where a piece of document work happens: a tenant, one of its issuers (branch + issue point)
 * and an environment. Services take this, not the HTTP request's authentication, so a job
 * (self-billing) or an operator action calls them the same way the API does.
 */
export interface IssuerScope {
  tenantId: string;
  environment: Environment;
  issuerId: string;
}
