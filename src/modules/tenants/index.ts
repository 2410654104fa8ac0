/**
 * The tenants module: accounts (table tenants): registration, email verification, recovery,
 * language, status. Other modules import from here only, and change an account through the
 * service's functions, never by writing the table.
 */
export { createRegistrationLimiter } from './registration-limit.js';
export { liftSuspension, markPromoted, setTenantTier, suspendTenant } from './tenant-writes.js';
export { registerTenantRoutes } from './tenants.routes.js';
export { TenantSchema } from './tenants.schemas.js';
export {
  createTenantsService,
  type TenantPorts,
  type TenantsService,
  type TenantView,
} from './tenants.service.js';
export { registerVerificationEmailHooks } from './verification-hooks.js';
export { TenantViewCache } from './view-cache.js';
