import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { requireAuth } from '../../http/auth.js';
import { requestLanguage } from '../../http/field-language.js';
import { fileBodySchema, readFileBody, withFileBody } from '../../http/file-body.js';
import { authProblems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { PurchaseImports } from './purchase-imports.js';
import {
  AddByKeysBody,
  AddByKeysResponse,
  AddXmlResponse,
  ImportPreviewResponse,
  ImportQuery,
  PurchaseExportQuery,
  PurchaseIdParams,
  PurchaseImportResponse,
  PurchaseListQuery,
  PurchaseListResponse,
  PurchaseResponse,
  RetentionDraftResponse,
} from './purchases.schemas.js';
import type { PurchasesService } from './purchases.service.js';
import { TXT_MAX_BYTES } from './txt-report.js';

const tags = ['Purchases'];
const readAuth = { scope: 'documents:read' } as const;
const writeAuth = { scope: 'documents:write' } as const;
/** The purchases of the key's environment: a sandbox key sees sandbox purchases only. */
const scopeOf = (auth: AuthContext) => ({ tenantId: auth.tenantId, environment: auth.environment });
const XML_MAX_BYTES = 1024 * 1024;

export function registerPurchaseRoutes(
  app: App,
  m: { service: PurchasesService; imports: PurchaseImports },
): void {
  const { service, imports } = m;

  app.post('/v1/purchases', {
    schema: {
      tags,
      operationId: 'addPurchasesByKey',
      summary: 'Add received documents by access key (1 to 500), fetched from the SRI',
      description:
        "Each key is fetched with the SRI's autorizacionComprobante and stored as a purchase when it is authorized and addressed to one of your RUCs (or the cédula inside a natural person's RUC). Idempotent: a key already added is EXISTING, never a second purchase. Each key answers on its own: a refused one carries its error code (ACCESS_KEY_INVALID, ACCESS_KEY_ENVIRONMENT_MISMATCH, PURCHASE_UNKNOWN_AT_SRI, PURCHASE_NOT_AUTHORIZED, PURCHASE_NOT_ADDRESSED, SRI_UNAVAILABLE, SRI_THROTTLED). Scope documents:write.",
      body: AddByKeysBody,
      response: { 200: AddByKeysResponse, ...authProblems() },
    },
    config: { auth: writeAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await service.addByKeys(scopeOf(requireAuth(request)), request.body.accessKeys)),
    }),
  });

  withFileBody(app, ['application/xml', 'text/xml'], XML_MAX_BYTES, (scoped) => {
    scoped.post('/v1/purchases/xml', {
      schema: {
        tags,
        operationId: 'addPurchaseXml',
        summary: "Add a supplier's XML (authorization wrapper or bare signed document)",
        description:
          'The signature must verify (PURCHASE_SIGNATURE_INVALID) and the access key must be authorized at the SRI (PURCHASE_UNKNOWN_AT_SRI, PURCHASE_NOT_AUTHORIZED): a file alone proves nothing. 201 when added, 200 when the key was a purchase already. The body is the file (application/xml) or the `file` part of a multipart form, at most 1 MB. Scope documents:write.',
        consumes: ['application/xml', 'text/xml', 'multipart/form-data'],
        body: fileBodySchema('The XML file, at most 1 MB'),
        response: { 200: AddXmlResponse, 201: AddXmlResponse, ...authProblems(413, 415, 503) },
      },
      config: { auth: writeAuth },
      handler: async (request, reply) => {
        const bytes = await readFileBody(request, XML_MAX_BYTES, 'XML file');
        const result = await service.addXml(scopeOf(requireAuth(request)), bytes);
        return reply.code(result.status === 'CREATED' ? 201 : 200).send({ ok: true as const, ...result });
      },
    });
  });

  withFileBody(app, ['text/plain', 'text/tab-separated-values'], TXT_MAX_BYTES, (scoped) => {
    scoped.post('/v1/purchase-imports', {
      schema: {
        tags,
        operationId: 'importPurchasesTxt',
        summary: 'Import the SRI portal\'s "Comprobantes recibidos" TXT report',
        description:
          'The file as the portal gives it (ISO-8859-1, or UTF-8 with or without BOM; tabs; 12 columns; at most 2000 rows and 1 MB, checked before any work). `dryRun=true` answers what each row would become, asking the SRI, and saves nothing. Otherwise 202: the rows are fetched by a background job (resumable, throttled), its progress at GET /v1/purchase-imports/{id}. A wrong header is PURCHASE_TXT_INVALID. Scope documents:write.',
        consumes: ['text/plain', 'text/tab-separated-values', 'multipart/form-data'],
        querystring: ImportQuery,
        body: fileBodySchema('The TXT report, at most 1 MB'),
        response: { 200: ImportPreviewResponse, 202: PurchaseImportResponse, ...authProblems(413, 415) },
      },
      config: { auth: writeAuth },
      handler: async (request, reply) => {
        const bytes = await readFileBody(request, TXT_MAX_BYTES, 'TXT report');
        const scope = scopeOf(requireAuth(request));
        if (request.query.dryRun === true) {
          const rows = await imports.preview(scope, bytes);
          const counts: Record<string, number> = {};
          for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
          return reply.code(200).send({
            ok: true as const,
            dryRun: true as const,
            rows: rows.map(({ txt, ...r }) => ({
              ...r,
              supplierRuc: txt.supplierRuc,
              supplierName: txt.supplierName,
              number: txt.number,
              total: txt.total,
            })),
            counts,
          });
        }
        return reply.code(202).send({ ok: true as const, import: await imports.start(scope, bytes) });
      },
    });
  });

  app.get('/v1/purchase-imports/:id', {
    schema: {
      tags,
      operationId: 'getPurchaseImport',
      summary: 'Progress and per-row outcome of a TXT import',
      params: PurchaseIdParams,
      response: { 200: PurchaseImportResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      import: await imports.get(scopeOf(requireAuth(request)), request.params.id),
    }),
  });

  app.get('/v1/purchases', {
    schema: {
      tags,
      operationId: 'listPurchases',
      summary: 'List and search purchases, with exact totals per filter',
      description:
        'Newest issue date first; `nextCursor` continues the list. `totals` are exact over every purchase the filters select. Scope documents:read.',
      querystring: PurchaseListQuery,
      response: { 200: PurchaseListResponse, ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await service.list(scopeOf(requireAuth(request)), request.query)),
    }),
  });

  app.get('/v1/purchases/export', {
    schema: {
      tags,
      operationId: 'exportPurchases',
      summary: 'The purchases the filters select, as CSV',
      description:
        "Every purchase matching the list's filters (no paging) as `text/csv` with the documents export's rules: UTF-8 with BOM, `;` between fields, CRLF, the header row, type and SRI status labels in the request's language (`Accept-Language` es or en; Spanish when it names neither) with the SRI state's code in a column of its own, times DD/MM/YYYY HH:mm:ss in Ecuador's time, amounts with `.` decimals, text cells a spreadsheet would run as a formula prefixed with an apostrophe. Scope documents:read.",
      querystring: PurchaseExportQuery,
      produces: ['text/csv'],
      response: { 200: Type.Unsafe<Readable>({ type: 'string', description: 'CSV' }), ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const csv = service.exportCsv(
        scopeOf(requireAuth(request)),
        request.query,
        requestLanguage(request, 'es'),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="compras.csv"')
        .send(csv);
    },
  });

  app.get('/v1/purchases/:id', {
    schema: {
      tags,
      operationId: 'getPurchase',
      summary: 'A purchase, with the retentions issued on it and what remains to withhold',
      params: PurchaseIdParams,
      response: { 200: PurchaseResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      purchase: await service.get(scopeOf(requireAuth(request)), request.params.id),
    }),
  });

  app.get('/v1/purchases/:id/xml', {
    schema: {
      tags,
      operationId: 'getPurchaseXml',
      summary: 'The authorized XML as received',
      description:
        'The autorizacion wrapper the SRI answered (by key, TXT) or the uploaded file (XML). Scope documents:read.',
      params: PurchaseIdParams,
      produces: ['application/xml'],
      response: { 200: Type.String({ description: 'XML' }), ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const xml = await service.xml(scopeOf(requireAuth(request)), request.params.id);
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  });

  app.get('/v1/purchases/:id/ride', {
    schema: {
      tags,
      operationId: 'getPurchaseRide',
      summary: 'The RIDE (printable PDF) of a purchase',
      description:
        "application/pdf, drawn on demand by our RIDE renderer from the authorized XML kept as received: the supplier's header, the document's lines and totals, in the account's language; ANULADO stamped when the SRI voided it. Every received type (01, 03, 04, 05, 06, 07). Scope documents:read.",
      params: PurchaseIdParams,
      produces: ['application/pdf'],
      response: {
        200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PDF' }),
        ...authProblems(404),
      },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const ride = await service.ride(scopeOf(requireAuth(request)), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${ride.filename}"`)
        .send(ride.pdf);
    },
  });

  app.get('/v1/purchases/:id/retention', {
    schema: {
      tags,
      operationId: 'getPurchaseRetentionDraft',
      summary: 'A withholding (07) body prefilled from the purchase',
      description:
        'The supporting document (type, number, date, authorization number, tax groups, totals, payments) and the subject come from the purchase; `withholdingCodes` lists the codes valid today. Complete `withholdings` and the subject email, then POST the body to /v1/documents. The purchase then lists the retention and what remains. Scope documents:read.',
      params: PurchaseIdParams,
      response: { 200: RetentionDraftResponse, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => ({
      ok: true as const,
      ...(await service.retentionDraft(scopeOf(requireAuth(request)), request.params.id)),
    }),
  });
}
