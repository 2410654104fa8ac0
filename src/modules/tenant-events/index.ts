/**
 * The tenant audit trail (table tenant_events): every module that changes an account records
 * what happened here. Its own module so that tenants, issuers, billing and admin all depend on it
 * without depending on each other.
 */
export { listTenantEvents, recordTenantEvent } from './tenant-events.js';
