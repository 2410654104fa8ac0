import { Type } from '@sinclair/typebox';
import { requireAuth } from '../../http/auth.js';
import { CSV_CONSUMES, CsvBody, ImportQuery, readCsvTable, withCsvBody } from '../../http/csv-body.js';
import { authProblems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  CreateProductBody,
  ProductImportResponse,
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  UpdateProductBody,
} from './products.schemas.js';
import type { ProductsService } from './products.service.js';

const tags = ['Products'];
/** Per tenant, shared by both environments: any key of the tenant, no X-Issuer-Id. */
const readAuth = { scope: 'documents:read' } as const;
const writeAuth = { scope: 'documents:write' } as const;

export function registerProductRoutes(app: App, products: ProductsService): void {
  app.post('/v1/products', {
    schema: {
      tags,
      operationId: 'createProduct',
      summary: 'Save a product or service',
      description:
        'Taxes are checked against the catalog (GET /v1/catalogs/tax-rates): exactly one IVA rate that is in force, at most one ICE and one IRBPNR. The same mainCode twice in the account is 409 CONFLICT. Scope documents:write.',
      body: CreateProductBody,
      response: { 201: ProductResponse, ...authProblems(409) },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) => {
      const product = await products.create(requireAuth(request).tenantId, request.body);
      return reply.code(201).send({ ok: true as const, product });
    },
  });

  app.get('/v1/products', {
    schema: {
      tags,
      operationId: 'listProducts',
      summary: 'List or search saved products, by description',
      description:
        '`q` matches a description containing it (any case, any accents) or a main or auxiliary code starting with it. Scope documents:read.',
      querystring: ProductListQuery,
      response: { 200: ProductListResponse, ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await products.list(requireAuth(request).tenantId, request.query)),
    }),
  });

  // text/csv is a body of this route only; every other route answers it 415.
  withCsvBody(app, (scoped) => {
    scoped.post('/v1/products/import', {
      schema: {
        tags,
        operationId: 'importProducts',
        summary: 'Import products from a CSV file (with a preview)',
        description:
          'Columns (English or Spanish header): mainCode/codigo, auxiliaryCode/codigoAuxiliar, description/descripcion, unitPrice/precio (12.50 or 12,50), iva (rate code such as 4, or 15%, exento, no objeto), ice and irbpnr (rate codes), detail1Name/detalle1Nombre and detail1Value/detalle1Valor up to 3. Each row is `valid`, `invalid` (errors name the column) or `duplicate` (mainCode saved already, or repeated in the file). `dryRun=true` saves nothing; otherwise the valid rows are saved in one transaction and `created` counts them. At most 1000 rows (400) and 1 MB (413). Scope documents:write.',
        consumes: CSV_CONSUMES,
        querystring: ImportQuery,
        body: CsvBody,
        response: { 200: ProductImportResponse, ...authProblems(413, 415) },
      },
      config: { auth: writeAuth },
      handler: async (request) => {
        const table = await readCsvTable(request);
        const data = await products.importCsv(
          requireAuth(request).tenantId,
          table,
          request.query.dryRun === true,
        );
        return { ok: true as const, data };
      },
    });
  });

  app.get('/v1/products/:id', {
    schema: {
      tags,
      operationId: 'getProduct',
      summary: 'A saved product',
      params: UuidParams,
      response: { 200: ProductResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      product: await products.get(requireAuth(request).tenantId, request.params.id),
    }),
  });

  app.patch('/v1/products/:id', {
    schema: {
      tags,
      operationId: 'updateProduct',
      summary: 'Change a saved product',
      description:
        'Only the fields given change; taxes and additionalDetails are replaced as whole lists. Scope documents:write.',
      params: UuidParams,
      body: UpdateProductBody,
      response: { 200: ProductResponse, ...authProblems(404, 409) },
    },
    config: { auth: writeAuth },
    handler: async (request) => ({
      ok: true as const,
      product: await products.update(requireAuth(request).tenantId, request.params.id, request.body),
    }),
  });

  app.delete('/v1/products/:id', {
    schema: {
      tags,
      operationId: 'deleteProduct',
      summary: 'Delete a saved product',
      description: 'Documents already issued keep their items. Scope documents:write.',
      params: UuidParams,
      response: { 204: Type.Null({ description: 'Deleted' }), ...authProblems(404) },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) => {
      await products.remove(requireAuth(request).tenantId, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
