import { Type } from '@sinclair/typebox';
import { Ok, problems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  NoteBody,
  OperatorTenant,
  SuspendBody,
  security,
  TenantListQuery,
  TenantResponse,
  tags,
} from './admin.schemas.js';
import type { OperatorServices } from './operator-services.js';

const errors = (...s: number[]) => problems(400, 401, 404, 429, 500, ...s);

export function registerAdminTenantRoutes(app: App, ops: OperatorServices): void {
  app.get('/tenants', {
    schema: {
      tags,
      security,
      operationId: 'adminListTenants',
      summary: 'Search accounts by email, business name or RUC, and status (newest first)',
      querystring: TenantListQuery,
      response: { 200: Type.Object({ ok: Ok, tenants: Type.Array(OperatorTenant) }), ...errors() },
    },
    handler: async (request) => ({ ok: true as const, tenants: await ops.tenantsAdmin.list(request.query) }),
  });

  app.get('/tenants/:id', {
    schema: {
      tags,
      security,
      operationId: 'adminGetTenant',
      summary: 'One account',
      params: UuidParams,
      response: { 200: TenantResponse, ...errors() },
    },
    handler: async (request) => ({
      ok: true as const,
      tenant: await ops.tenantsAdmin.get(request.params.id),
    }),
  });

  app.post('/tenants/:id/suspend', {
    schema: {
      tags,
      security,
      operationId: 'adminSuspendTenant',
      summary: 'Suspend an account with a reason code',
      description:
        'Status SUSPENDED (the previous one is kept to restore), STATUS_CHANGED {from, to, reasonCode}. While suspended the account can only read (403 ACCOUNT_SUSPENDED on writes). Already suspended: 409 CONFLICT.',
      params: UuidParams,
      body: SuspendBody,
      response: { 200: TenantResponse, ...errors(409) },
    },
    handler: async (request) => ({
      ok: true as const,
      tenant: await ops.tenantsAdmin.suspend(
        request.params.id,
        request.body.reasonCode,
        request.body.note ?? null,
      ),
    }),
  });

  app.post('/tenants/:id/reinstate', {
    schema: {
      tags,
      security,
      operationId: 'adminReinstateTenant',
      summary: 'Lift a suspension (the status before it is restored)',
      params: UuidParams,
      body: NoteBody,
      response: { 200: TenantResponse, ...errors(409) },
    },
    handler: async (request) => ({
      ok: true as const,
      tenant: await ops.tenantsAdmin.reinstate(request.params.id, request.body.note ?? null),
    }),
  });
}
