import type { App } from '../../http/types.js';
import type { AuthFailureGuard } from '../../rate-limit/index.js';
import { registerAdminOpsRoutes } from './admin-ops.routes.js';
import { registerAdminPaymentRoutes } from './admin-payments.routes.js';
import { registerAdminTenantRoutes } from './admin-tenants.routes.js';
import { registerOperatorAuth } from './operator-auth.js';
import type { OperatorServices } from './operator-services.js';

/** The operator API under /admin/v1, behind its own token (operator-auth.ts). */
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
