/**
 * The operator: the provider's staff reviewing payments, suspending accounts, publishing
 * agreements, announcing prices and running jobs, through the HTTP API under /admin/v1 (its own
 * token) and the command-line tool src/admin-cli.ts, both calling the same services.
 */

export { registerOperatorApi } from './admin.routes.js';

export { createJobRunner, type OperatorServices } from './operator-services.js';
export { createPaymentsAdminService } from './payments-admin.service.js';
export { createTenantsAdminService } from './tenants-admin.service.js';
