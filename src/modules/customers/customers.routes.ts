import { Type } from '@sinclair/typebox';
import { requireAuth } from '../../http/auth.js';
import { CSV_CONSUMES, CsvBody, ImportQuery, readCsvTable, withCsvBody } from '../../http/csv-body.js';
import { authProblems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  CreateCustomerBody,
  CustomerImportResponse,
  CustomerListQuery,
  CustomerListResponse,
  CustomerResponse,
  UpdateCustomerBody,
} from './customers.schemas.js';
import type { CustomersService } from './customers.service.js';

const tags = ['Customers'];
/** Per tenant, shared by both environments: any key of the tenant, no X-Issuer-Id. */
const readAuth = { scope: 'documents:read' } as const;
const writeAuth = { scope: 'documents:write' } as const;

export function registerCustomerRoutes(app: App, customers: CustomersService): void {
  app.post('/v1/customers', {
    schema: {
      tags,
      operationId: 'createCustomer',
      summary: 'Save a customer',
      description:
        "The identification is checked as a document buyer's is (a RUC is 13 digits ending in 001, a cédula 10 digits, a final consumer 9999999999999). The same idType and identification twice in the account is 409 CONFLICT. Scope documents:write.",
      body: CreateCustomerBody,
      response: { 201: CustomerResponse, ...authProblems(409) },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) => {
      const customer = await customers.create(requireAuth(request).tenantId, request.body);
      return reply.code(201).send({ ok: true as const, customer });
    },
  });

  app.get('/v1/customers', {
    schema: {
      tags,
      operationId: 'listCustomers',
      summary: 'List or search saved customers, by name',
      description:
        '`q` matches a name containing it (any case, any accents: "jose" finds "José") or an identification starting with it. Scope documents:read.',
      querystring: CustomerListQuery,
      response: { 200: CustomerListResponse, ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await customers.list(requireAuth(request).tenantId, request.query)),
    }),
  });

  // text/csv is a body of this route only; every other route answers it 415.
  withCsvBody(app, (scoped) => {
    scoped.post('/v1/customers/import', {
      schema: {
        tags,
        operationId: 'importCustomers',
        summary: 'Import customers from a CSV file (with a preview)',
        description:
          'Columns (English or Spanish header): idType/tipoIdentificacion (04, RUC, Cédula…), identification/identificacion, name/nombre, email/correo, phone/telefono, address/direccion. Each row is `valid`, `invalid` (with its errors) or `duplicate` (saved already, or repeated in the file). `dryRun=true` saves nothing; otherwise the valid rows are saved in one transaction and `created` counts them. At most 1000 rows (400) and 1 MB (413). Scope documents:write.',
        consumes: CSV_CONSUMES,
        querystring: ImportQuery,
        body: CsvBody,
        response: { 200: CustomerImportResponse, ...authProblems(413, 415) },
      },
      config: { auth: writeAuth },
      handler: async (request) => {
        const table = await readCsvTable(request);
        const data = await customers.importCsv(
          requireAuth(request).tenantId,
          table,
          request.query.dryRun === true,
        );
        return { ok: true as const, data };
      },
    });
  });

  app.get('/v1/customers/:id', {
    schema: {
      tags,
      operationId: 'getCustomer',
      summary: 'A saved customer',
      params: UuidParams,
      response: { 200: CustomerResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      customer: await customers.get(requireAuth(request).tenantId, request.params.id),
    }),
  });

  app.patch('/v1/customers/:id', {
    schema: {
      tags,
      operationId: 'updateCustomer',
      summary: 'Change a saved customer',
      description:
        'Only the fields given change; null clears email, phone or address. Scope documents:write.',
      params: UuidParams,
      body: UpdateCustomerBody,
      response: { 200: CustomerResponse, ...authProblems(404, 409) },
    },
    config: { auth: writeAuth },
    handler: async (request) => ({
      ok: true as const,
      customer: await customers.update(requireAuth(request).tenantId, request.params.id, request.body),
    }),
  });

  app.delete('/v1/customers/:id', {
    schema: {
      tags,
      operationId: 'deleteCustomer',
      summary: 'Delete a saved customer',
      description: 'Documents already issued to the customer keep their buyer. Scope documents:write.',
      params: UuidParams,
      response: { 204: Type.Null({ description: 'Deleted' }), ...authProblems(404) },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) => {
      await customers.remove(requireAuth(request).tenantId, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
