import { Type } from '@sinclair/typebox';
import { requireIssuerScope } from '../../http/auth.js';
import { authProblems, Ok } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  AccessKeyParams,
  CreatedDocumentSchema,
  createdView,
  IssuerHeader,
  readAuth,
  documentTags as tags,
  writeAuth,
} from '../documents/index.js';
import type { DeliveryService } from './delivery.service.js';

export function registerDeliveryRoutes(app: App, delivery: DeliveryService): void {
  app.get('/v1/documents/:accessKey/ride', {
    schema: {
      tags,
      operationId: 'getDocumentRide',
      summary: 'The RIDE (printable PDF) of a document',
      description:
        'application/pdf. Before authorization the PDF is a clearly marked draft (watermark BORRADOR — SIN VALOR TRIBUTARIO, "PENDIENTE" in place of the authorization) and the X-Ride-Draft header is true; voided documents carry an ANULADO mark.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      produces: ['application/pdf'],
      response: {
        200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PDF' }),
        ...authProblems(404),
      },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const ride = await delivery.ride(requireIssuerScope(request), request.params.accessKey);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${ride.filename}"`)
        .header('X-Ride-Draft', String(ride.draft))
        .send(ride.pdf);
    },
  });

  app.get('/v1/documents/:accessKey/xml', {
    schema: {
      tags,
      operationId: 'getDocumentXml',
      summary: 'The XML of a document',
      description:
        'Once authorized: the authorized XML wrapped in `autorizacion` as the tax authority returns it. Before: the signed XML. X-Xml-Authorized tells which.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      produces: ['application/xml'],
      response: { 200: Type.String({ description: 'XML' }), ...authProblems(404) },
    },
    config: { auth: readAuth },
    handler: async (request, reply) => {
      const xml = await delivery.xml(requireIssuerScope(request), request.params.accessKey);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${xml.filename}"`)
        .header('X-Xml-Authorized', String(xml.authorized))
        .send(xml.xml);
    },
  });

  app.post('/v1/documents/:accessKey/email-retry', {
    schema: {
      tags,
      operationId: 'resendDocumentEmail',
      summary: 'Send the RIDE and XML email again',
      description:
        'For AUTHORIZED or VOIDED documents (else 400 DOCUMENT_NOT_AUTHORIZED). Optional `email` sends it to another address (the document keeps its buyer email). The email status returns to PENDING.',
      headers: IssuerHeader,
      params: AccessKeyParams,
      body: Type.Optional(
        Type.Object({ email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })) }),
      ),
      response: {
        202: Type.Object({
          ok: Ok,
          emailId: Type.String(),
          to: Type.String(),
          document: CreatedDocumentSchema,
        }),
        ...authProblems(404),
      },
    },
    config: { auth: writeAuth },
    handler: async (request, reply) => {
      const body = (request.body ?? {}) as { email?: string };
      const result = await delivery.emailRetry(
        requireIssuerScope(request),
        request.params.accessKey,
        body.email,
      );
      return reply.code(202).send({
        ok: true as const,
        emailId: result.emailId,
        to: result.to,
        document: createdView(result.document),
      });
    },
  });
}
