import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { type RouteAuth, requireIssuerScope } from '../../http/auth.js';
import { requestLanguage } from '../../http/field-language.js';
import { authProblems, IsoDateTime, Nullable, Ok, StringEnum, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  checkListFilters,
  IssuerHeader,
  ListQuery,
  readAuth,
  documentTags as tags,
} from '../documents/index.js';
import {
  EXPORT_MAX_DAYS,
  EXPORT_MAX_IN_FLIGHT,
  EXPORT_RETENTION_DAYS,
  type ExportsService,
} from './exports.service.js';

/** An export reads documents and changes none: documents:read, open to a suspended account too. */
const exportAuth: RouteAuth = { ...readAuth, allowSuspended: true };

const { page: _page, limit: _limit, cursor: _cursor, ...listFilters } = ListQuery.properties;
const ExportQuery = Type.Object({
  format: StringEnum(['csv'] as const, { description: 'csv (the only format for now)' }),
  ...listFilters,
});

const ExportSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: StringEnum(['xml', 'ride'] as const),
  from: Type.String({ description: 'DD/MM/YYYY' }),
  to: Type.String({ description: 'DD/MM/YYYY' }),
  status: StringEnum(['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const, {
    description: `EXPIRED: the file was deleted ${EXPORT_RETENTION_DAYS} days after the export finished`,
  }),
  progress: Type.Object({
    done: Type.Integer(),
    total: Type.Integer(),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
  }),
  sizeBytes: Nullable(Type.Integer()),
  downloadUrl: Nullable(Type.String({ description: 'API path of the ZIP once DONE' })),
  error: Nullable(Type.String()),
  createdAt: IsoDateTime,
  finishedAt: Nullable(IsoDateTime),
});
const ExportResponse = Type.Object({ ok: Ok, export: ExportSchema });

export function registerExportRoutes(app: App, exports: ExportsService): void {
  app.get('/v1/documents/export', {
    schema: {
      tags,
      operationId: 'exportDocumentsCsv',
      summary: 'Export the list as CSV (streamed)',
      description:
        "Every document matching the list's filters (status, documentType, from, to, sequential, buyerName, sortBy, sortDir; no paging) as `text/csv`: UTF-8 with BOM, `;` between fields, CRLF, a header row, document type, status and email status labels in the request's language (`Accept-Language` es or en; Spanish when it names neither, as the web app's labels) with the status codes in columns of their own, dates DD/MM/YYYY and times DD/MM/YYYY HH:mm:ss in Ecuador's time, amounts with `.` decimals. Streamed from a database cursor.",
      headers: IssuerHeader,
      querystring: ExportQuery,
      produces: ['text/csv'],
      response: { 200: Type.Unsafe<Readable>({ type: 'string', description: 'CSV' }), ...authProblems() },
    },
    config: { auth: exportAuth },
    handler: async (request, reply) => {
      const { format: _format, ...query } = request.query;
      const filters = checkListFilters(query);
      const csv = await exports.csv(requireIssuerScope(request), filters, requestLanguage(request, 'es'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="comprobantes.csv"')
        .send(csv);
    },
  });

  app.post('/v1/exports', {
    schema: {
      tags,
      operationId: 'createDocumentExport',
      summary: 'Start a ZIP export of the XML or RIDE files of a date range',
      description: `A background job puts one file per AUTHORIZED or VOIDED document issued from \`from\` to \`to\` (DD/MM/YYYY, at most ${EXPORT_MAX_DAYS} days) into a ZIP. Follow it with GET /v1/exports/:id; download it from \`downloadUrl\` once DONE, within ${EXPORT_RETENTION_DAYS} days (then EXPIRED). At most ${EXPORT_MAX_IN_FLIGHT} exports of an account are QUEUED or RUNNING at a time: past that, 429 EXPORT_LIMIT_REACHED with Retry-After. Scope documents:read.`,
      headers: IssuerHeader,
      body: Type.Object({
        from: Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' }),
        to: Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' }),
        kind: StringEnum(['xml', 'ride'] as const),
      }),
      response: { 202: ExportResponse, ...authProblems(429) },
    },
    config: { auth: exportAuth },
    handler: async (request, reply) => {
      const view = await exports.createZip(requireIssuerScope(request), request.body);
      return reply.code(202).send({ ok: true as const, export: view });
    },
  });

  app.get('/v1/exports/:id', {
    schema: {
      tags,
      operationId: 'getDocumentExport',
      summary: 'Status and progress of a ZIP export',
      headers: IssuerHeader,
      params: UuidParams,
      response: { 200: ExportResponse, ...authProblems(404) },
    },
    config: { auth: exportAuth },
    handler: async (request) => ({
      ok: true as const,
      export: await exports.get(requireIssuerScope(request), request.params.id),
    }),
  });

  app.get('/v1/exports/:id/download', {
    schema: {
      tags,
      operationId: 'downloadDocumentExport',
      summary: 'Download a finished ZIP export',
      description: '409 CONFLICT until the export is DONE.',
      headers: IssuerHeader,
      params: UuidParams,
      produces: ['application/zip'],
      response: {
        200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'ZIP' }),
        ...authProblems(404, 409),
      },
    },
    config: { auth: exportAuth },
    handler: async (request, reply) => {
      const file = await exports.download(requireIssuerScope(request), request.params.id);
      return reply
        .type('application/zip')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  });
}
