/**
 * The operator: the provider's staff reviewing payments, suspending accounts, publishing
 * agreements, announcing prices and running jobs, through the HTTP API under /admin/v1 (its own
 * token) and the command-line tool src/admin-cli.ts, both calling the same services.
 */
import type { AuthFailureGuard } from '../../http/rate-limit/index.js';
import type { App } from '../../http/types.js';
import { registerAdminOpsRoutes } from './admin-ops.routes.js';
import { registerAdminPaymentRoutes } from './admin-payments.routes.js';
import { registerAdminTenantRoutes } from './admin-tenants.routes.js';
import { registerOperatorAuth } from './operator-auth.js';
import type { OperatorServices } from './operator-services.js';

export { parseEffectiveAt } from './effective-at.js';
export { createJobRunner, type OperatorServices } from './operator-services.js';
export { createPaymentsAdminService } from './payments-admin.service.js';
export {
  createTenantsAdminService,
  SUSPENSION_REASONS,
  type SuspensionReason,
} from './tenants-admin.service.js';

export async function registerOperatorApi(
  app: App,
  ops: OperatorServices,
  adminToken: string | null,
  failures: AuthFailureGuard,
): Promise<void> {
  await app.register(
    async (scope) => {
      registerOperatorAuth(scope as never, adminToken, failures);
      const operator = scope as unknown as App;
      registerAdminPaymentRoutes(operator, ops);
      registerAdminTenantRoutes(operator, ops);
      registerAdminOpsRoutes(operator, ops);
    },
    { prefix: '/admin/v1' },
  );
}
