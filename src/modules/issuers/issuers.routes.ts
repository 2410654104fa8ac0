import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth.js';
import { CERT_MAX_BYTES, LOGO_MAX_BYTES } from '../../http/forms.js';
import { readMultipart } from '../../http/multipart.js';
import { authProblems, OkResponse, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { parseCertificateForm, parseCreateIssuerForm, parseLogoForm } from './issuer-form.schemas.js';
import {
  CanIssueBody,
  CanIssueResponse,
  CertificateForm,
  CertificateResponse,
  CreateIssuerForm,
  DocumentTypesBody,
  DocumentTypesResponse,
  IssuerListResponse,
  IssuerResponse,
  LogoForm,
  LogoResponse,
  SequentialBody,
  SequentialParams,
  SequentialsResponse,
} from './issuers.schemas.js';
import type { IssuersService } from './issuers.service.js';

const tags = ['Issuers'];
const read = { auth: { scope: 'issuers:read' } } as const;
const write = { auth: { scope: 'issuers:write' } } as const;

export function registerIssuerRoutes(app: App, issuers: IssuersService): void {
  // "Issuer ownership is verified first" (docs/spec-map.md): another account's issuer id answers
  // 403 ISSUER_FORBIDDEN before its body or path values are looked at.
  const ownIssuer = async (request: FastifyRequest) =>
    issuers.assertNotForeign(requireAuth(request), (request.params as { id: string }).id);

  app.get('/v1/issuers', {
    schema: {
      tags,
      operationId: 'listIssuers',
      summary: 'List the account’s active issuers, oldest first',
      response: { 200: IssuerListResponse, ...authProblems() },
    },
    config: read,
    handler: async (request) => ({ ok: true as const, issuers: await issuers.list(requireAuth(request)) }),
  });

  app.post('/v1/issuers', {
    schema: {
      tags,
      operationId: 'createIssuer',
      summary: 'Create a branch or issue point',
      description:
        'multipart/form-data. Needs a verified email (403 EMAIL_VERIFICATION_REQUIRED). The certificate is either uploaded (`cert`, `certPassword`) or copied from another active issuer of the account (`sourceIssuerId`); exactly one of the two (400 VALIDATION_FAILED otherwise). An inherited certificate becomes the new issuer’s own copy: renewing either issuer later leaves the other untouched. RUC, business name, main address, accounting obligation, special taxpayer, retention agent and RIMPE legend come from the reference issuer (the source issuer, else the account’s oldest active issuer); `businessName`, `mainAddress`, `requiredAccounting` and `specialTaxpayer` override them when given. `tradeName` and `logo` default to the reference issuer’s; `branchAddress` too when the new issuer is in the same branch. An active issuer with the same branch and issue point gives 409 CONFLICT. Records a CERTIFICATE_UPLOADED event (with `sourceIssuerId` when inherited).',
      consumes: ['multipart/form-data'],
      body: CreateIssuerForm,
      response: { 201: IssuerResponse, ...authProblems(404, 409, 413) },
    },
    config: write,
    preValidation: async (request) => issuers.assertMayCreate(requireAuth(request)),
    handler: async (request, reply) => {
      const form = await readMultipart(request, { logo: LOGO_MAX_BYTES, cert: CERT_MAX_BYTES });
      const issuer = await issuers.create(requireAuth(request), parseCreateIssuerForm(form));
      return reply.code(201).send({ ok: true as const, issuer });
    },
  });

  app.get('/v1/issuers/:id', {
    schema: {
      tags,
      operationId: 'getIssuer',
      summary: 'One issuer',
      params: UuidParams,
      response: { 200: IssuerResponse, ...authProblems(404) },
    },
    config: read,
    preValidation: ownIssuer,
    handler: async (request) => ({
      ok: true as const,
      issuer: await issuers.get(requireAuth(request), request.params.id),
    }),
  });

  app.delete('/v1/issuers/:id', {
    schema: {
      tags,
      operationId: 'deleteIssuer',
      summary: 'Delete an issuer (soft)',
      description:
        'The issuer stops being listed and usable; its branch and issue point can be used again. Refused with 403 ISSUER_HAS_DOCUMENTS once it has issued any document in either environment (pause it with can-issue instead), and with 409 CONFLICT for the account’s last active issuer: documents, recovery and new branches all need one.',
      params: UuidParams,
      response: { 200: OkResponse, ...authProblems(404, 409) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => {
      await issuers.remove(requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.get('/v1/issuers/:id/document-types', {
    schema: {
      tags,
      operationId: 'getIssuerDocumentTypes',
      summary: 'Document types the issuer may issue',
      params: UuidParams,
      response: { 200: DocumentTypesResponse, ...authProblems(404) },
    },
    config: read,
    preValidation: ownIssuer,
    handler: async (request) => ({
      ok: true as const,
      documentTypes: await issuers.documentTypes(requireAuth(request), request.params.id),
    }),
  });

  app.put('/v1/issuers/:id/document-types', {
    schema: {
      tags,
      operationId: 'setIssuerDocumentTypes',
      summary: 'Replace the document types the issuer may issue',
      description:
        'A non-empty list of the issuable types: 01 (invoice), 03 (purchase settlement), 04 (credit note), 05 (debit note), 06 (waybill) and 07 (withholding); duplicates are dropped.',
      params: UuidParams,
      body: DocumentTypesBody,
      response: { 200: DocumentTypesResponse, ...authProblems(404) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => ({
      ok: true as const,
      documentTypes: await issuers.setDocumentTypes(
        requireAuth(request),
        request.params.id,
        request.body.documentTypes,
      ),
    }),
  });

  app.put('/v1/issuers/:id/logo', {
    schema: {
      tags,
      operationId: 'setIssuerLogo',
      summary: 'Set the logo printed on the RIDE',
      description:
        'multipart/form-data, field `logo`: PNG, JPEG or GIF (recognised by content), max 500 KB; recommended 600x170 px. A missing or unsupported file is 400 INVALID_FILE_UPLOAD.',
      consumes: ['multipart/form-data'],
      params: UuidParams,
      body: LogoForm,
      response: { 200: OkResponse, ...authProblems(404, 413) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => {
      const form = await readMultipart(request, { logo: LOGO_MAX_BYTES });
      await issuers.setLogo(requireAuth(request), request.params.id, parseLogoForm(form));
      return { ok: true as const };
    },
  });

  app.get('/v1/issuers/:id/logo', {
    schema: {
      tags,
      operationId: 'getIssuerLogo',
      summary: 'The issuer’s logo image',
      description: '404 NOT_FOUND when the issuer has no logo.',
      params: UuidParams,
      response: { 200: LogoResponse, ...authProblems(404) },
    },
    config: read,
    preValidation: ownIssuer,
    handler: async (request, reply) => {
      const logo = await issuers.logo(requireAuth(request), request.params.id);
      return reply.type(logo.mime).send(logo.data);
    },
  });

  app.delete('/v1/issuers/:id/logo', {
    schema: {
      tags,
      operationId: 'deleteIssuerLogo',
      summary: 'Remove the issuer’s logo',
      description: 'RIDEs are then printed without a logo. Succeeds also when there was none.',
      params: UuidParams,
      response: { 200: OkResponse, ...authProblems(404) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => {
      await issuers.setLogo(requireAuth(request), request.params.id, null);
      return { ok: true as const };
    },
  });

  app.get('/v1/issuers/:id/sequentials', {
    schema: {
      tags,
      operationId: 'listIssuerSequentials',
      summary: 'Sequential counters, one row per active document type',
      description:
        '`current` is the last number handed out, `next` the one the next document gets; a counter never used reads current 0, next 1. Unknown or deleted issuer: 404 ISSUER_NOT_FOUND.',
      params: UuidParams,
      response: { 200: SequentialsResponse, ...authProblems(404) },
    },
    config: read,
    preValidation: ownIssuer,
    handler: async (request) => ({
      ok: true as const,
      sequentials: await issuers.sequentials(requireAuth(request), request.params.id),
    }),
  });

  app.patch('/v1/issuers/:id/sequentials/:documentType', {
    schema: {
      tags,
      operationId: 'setIssuerSequential',
      summary: 'Set the next sequential of one counter',
      description:
        'documentType one of the issuable types (01, 03, 04, 05, 06, 07); afterwards the counter reads {current: nextSequential - 1, next: nextSequential}. nextSequential must be above the counter’s current value (400 SEQUENTIAL_CANNOT_DECREASE) and at most 999999999. Atomic against documents being created: a number already handed out is never given again.',
      params: SequentialParams,
      body: SequentialBody,
      response: { 200: OkResponse, ...authProblems(404) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => {
      const { id, documentType } = request.params;
      const { environment, nextSequential } = request.body;
      await issuers.setNextSequential(requireAuth(request), id, documentType, environment, nextSequential);
      return { ok: true as const };
    },
  });

  app.patch('/v1/issuers/:id/can-issue', {
    schema: {
      tags,
      operationId: 'setIssuerCanIssue',
      summary: 'Pause or resume document creation',
      description:
        'While paused, creating or rebuilding documents is refused (403 ISSUER_ISSUING_PAUSED); documents in flight and every read keep working.',
      params: UuidParams,
      body: CanIssueBody,
      response: { 200: CanIssueResponse, ...authProblems(404) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => ({
      ok: true as const,
      canIssue: await issuers.setCanIssue(requireAuth(request), request.params.id, request.body.canIssue),
    }),
  });

  app.patch('/v1/issuers/:id/certificate', {
    schema: {
      tags,
      operationId: 'renewIssuerCertificate',
      summary: 'Renew the issuer’s signing certificate',
      description:
        'multipart/form-data: `cert` (required, else 400 INVALID_FILE_UPLOAD), `certPassword`. Affects only this issuer (siblings that inherited the old certificate keep their copy) and only future signing. Certificate errors: CERTIFICATE_INVALID, CERTIFICATE_PASSWORD_INVALID, CERTIFICATE_KEY_NOT_FOUND, CERTIFICATE_EXPIRED. Records a CERTIFICATE_RENEWED event.',
      consumes: ['multipart/form-data'],
      params: UuidParams,
      body: CertificateForm,
      response: { 200: CertificateResponse, ...authProblems(404, 413) },
    },
    config: write,
    preValidation: ownIssuer,
    handler: async (request) => {
      const form = await readMultipart(request, { cert: CERT_MAX_BYTES });
      const renewed = await issuers.renewCertificate(
        requireAuth(request),
        request.params.id,
        parseCertificateForm(form),
      );
      return { ok: true as const, ...renewed };
    },
  });
}
