import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { requireAuth } from '../../http/auth.js';
import { requestLanguage } from '../../http/field-language.js';
import { authProblems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import type { AuthContext } from '../../shared/auth-context.js';
import {
  AtsListQuery,
  AtsReportBody,
  AtsReportList,
  AtsReportSchema,
  DownloadQuery,
  PurchaseSustento,
  RucParams,
  SupplierDefaults,
  SustentoBody,
} from './ats.schemas.js';
import type { AtsReportsService } from './ats-reports.service.js';
import type { AtsSustento } from './ats-sustento.js';

const tags = ['Reports'];
/** An ATS reads documents and changes none (like exports); the sustento choices are writes. */
const readAuth = { scope: 'documents:read', allowSuspended: true } as const;
const writeAuth = { scope: 'documents:write' } as const;
const scopeOf = (auth: AuthContext) => ({ tenantId: auth.tenantId, environment: auth.environment });

export function registerAtsRoutes(app: App, m: { reports: AtsReportsService; sustento: AtsSustento }): void {
  const { reports, sustento } = m;

  app.post('/v1/reports/ats', {
    schema: {
      tags,
      operationId: 'createAtsReport',
      summary: 'Build the ATS (Anexo Transaccional Simplificado) of a month or a RIMPE semester',
      description:
        "A background job builds ATmmaaaa.xml for the issuer's RUC (every establishment), checks it against the SRI's rules and schema and zips it. Exactly one of `month` or `semester` (RIMPE issuers only), never a future period: else 400 VALIDATION_FAILED at that field. 202 with the new report; 200 with the one already QUEUED or RUNNING for the same RUC and period. Unknown issuer: 404 ISSUER_NOT_FOUND. Follow it with GET /v1/reports/ats/{id}.",
      body: AtsReportBody,
      response: { 200: AtsReportSchema, 202: AtsReportSchema, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const { created, report } = await reports.create(
        scopeOf(requireAuth(request)),
        request.body,
        requestLanguage(request),
      );
      return reply.code(created ? 202 : 200).send(report);
    },
  });

  app.get('/v1/reports/ats', {
    schema: {
      tags,
      operationId: 'listAtsReports',
      summary: 'The ATS reports of the account, newest first',
      querystring: AtsListQuery,
      response: { 200: AtsReportList, ...authProblems() },
    },
    config: { auth: readAuth },
    handler: async (request) =>
      reports.list(scopeOf(requireAuth(request)), request.query, requestLanguage(request)),
  });

  app.get('/v1/reports/ats/:id', {
    schema: {
      tags,
      operationId: 'getAtsReport',
      summary: 'Status, progress, summary and problems of an ATS report',
      params: UuidParams,
      response: { 200: AtsReportSchema, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) =>
      reports.get(scopeOf(requireAuth(request)), request.params.id, requestLanguage(request)),
  });

  app.get('/v1/reports/ats/:id/download', {
    schema: {
      tags,
      operationId: 'downloadAtsReport',
      summary: 'Download ATmmaaaa.zip (or, with ?part=xml, the bare XML)',
      description:
        '409 ATS_NOT_READY unless the report is DONE (a REFUSED one included: fix its problems first).',
      params: UuidParams,
      querystring: DownloadQuery,
      produces: ['application/zip', 'application/xml'],
      response: {
        200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'ZIP or XML' }),
        ...authProblems(404, 409),
      },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const part = request.query.part ?? 'zip';
      const file = await reports.download(scopeOf(requireAuth(request)), request.params.id, part);
      return reply
        .type(part === 'zip' ? 'application/zip' : 'application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  });

  app.put('/v1/purchases/:id/sustento', {
    schema: {
      tags,
      operationId: 'setPurchaseSustento',
      summary: "Set a purchase's codSustento for the ATS",
      description:
        "The code must be in force (Tabla 5) and allow the purchase's document type, else 400 VALIDATION_FAILED at sustento. null clears it (the supplier's default, then an assumed code, apply).",
      params: UuidParams,
      body: SustentoBody,
      response: { 200: PurchaseSustento, ...authProblems(404) },
    },
    config: { auth: writeAuth },
    handler: async (request) =>
      sustento.setForPurchase(scopeOf(requireAuth(request)), request.params.id, request.body.sustento),
  });

  app.get('/v1/suppliers/:ruc/ats-defaults', {
    schema: {
      tags,
      operationId: 'getSupplierAtsDefaults',
      summary: "A supplier's default codSustento for the ATS",
      description:
        "The default set with PUT for that supplier (RUC, or the id of a liquidación's provider). 404 NOT_FOUND when none is set (or it was cleared), and for another account's. Scope documents:read.",
      params: RucParams,
      response: { 200: SupplierDefaults, ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request) => sustento.getForSupplier(scopeOf(requireAuth(request)), request.params.ruc),
  });

  app.put('/v1/suppliers/:ruc/ats-defaults', {
    schema: {
      tags,
      operationId: 'setSupplierAtsDefaults',
      summary: "Set a supplier's default codSustento for the ATS",
      description:
        "Used for the purchases of that supplier (RUC, or the id of a liquidación's provider) that have no code of their own. null clears it.",
      params: RucParams,
      body: SustentoBody,
      response: { 200: SupplierDefaults, ...authProblems() },
    },
    config: { auth: writeAuth },
    handler: async (request) =>
      sustento.setForSupplier(scopeOf(requireAuth(request)), request.params.ruc, request.body.sustento),
  });
}
