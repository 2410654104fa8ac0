import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, Uuid } from '../../http/schemas.js';
import { MULTIPART } from '../../http/validation.js';
import { ISSUABLE_DOCUMENT_TYPES } from '../catalogs/index.js';
import { MAX_SEQUENTIAL } from './sequentials.js';

const IssuableTypeSchema = Type.Union(
  ISSUABLE_DOCUMENT_TYPES.map((t) => Type.Literal(t)),
  {
    description:
      'Document type the service issues: 01 invoice, 03 purchase settlement, 04 credit note, 05 debit note, 06 waybill, 07 withholding receipt',
  },
);
const EnvironmentSchema = Type.Union([Type.Literal('sandbox'), Type.Literal('production')]);

/** The issuer resource of docs/spec-map.md. */
const IssuerSchema = Type.Object(
  {
    id: Uuid,
    ruc: Type.String({ description: '13 digits' }),
    businessName: Type.String(),
    tradeName: Nullable(Type.String()),
    branchCode: Type.String({ description: '3 digits' }),
    issuePointCode: Type.String({ description: '3 digits' }),
    branchAddress: Nullable(Type.String()),
    certFingerprint: Nullable(Type.String({ description: 'SHA-256, colon-separated hex' })),
    certExpiry: Nullable(IsoDateTime),
    canIssue: Type.Boolean({ description: 'false = new document creation paused' }),
  },
  { $id: 'Issuer' },
);

export const IssuerResponse = Type.Object({ ok: Ok, issuer: IssuerSchema });
export const IssuerListResponse = Type.Object({ ok: Ok, issuers: Type.Array(IssuerSchema) });

export const SequentialParams = Type.Object({ id: Uuid, documentType: IssuableTypeSchema });

const binary = (description: string) => Type.String({ format: 'binary', description });

export const CreateIssuerForm = Type.Object(
  {
    branchCode: Type.String({ pattern: '^(?!000)[0-9]{3}$' }),
    issuePointCode: Type.String({ pattern: '^(?!000)[0-9]{3}$' }),
    cert: Type.Optional(binary('P12/PFX signing certificate; or give sourceIssuerId instead')),
    certPassword: Type.Optional(Type.String()),
    sourceIssuerId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Active issuer whose certificate the new one copies' }),
    ),
    branchAddress: Type.Optional(
      Type.String({ maxLength: 300, description: 'Omitted: the reference issuer’s, within the same branch' }),
    ),
    tradeName: Type.Optional(Type.String({ maxLength: 300, description: 'Omitted: the reference issuer’s' })),
    businessName: Type.Optional(Type.String({ maxLength: 300, description: 'Omitted: inherited' })),
    mainAddress: Type.Optional(Type.String({ maxLength: 300, description: 'Omitted: inherited' })),
    requiredAccounting: Type.Optional(Type.Boolean({ description: 'Omitted: inherited' })),
    specialTaxpayer: Type.Optional(Type.String({ description: 'Resolution number; omitted: inherited' })),
    documentTypes: Type.Optional(
      Type.Array(IssuableTypeSchema, { description: 'Repeated fields or a JSON array; default ["01"]' }),
    ),
    initialSequentials: Type.Optional(
      Type.String({ description: 'JSON array of {documentType, sequential >= 1}; sets both environments' }),
    ),
    logo: Type.Optional(binary('PNG, JPEG or GIF, max 500 KB; omitted: the reference issuer’s')),
  },
  MULTIPART,
);

export const CertificateForm = Type.Object(
  { cert: binary('P12/PFX signing certificate'), certPassword: Type.Optional(Type.String()) },
  MULTIPART,
);
export const CertificateResponse = Type.Object({
  ok: Ok,
  certFingerprint: Type.String(),
  certExpiry: IsoDateTime,
});

export const LogoForm = Type.Object({ logo: binary('PNG, JPEG or GIF, max 500 KB') }, MULTIPART);

export const DocumentTypesBody = Type.Object({
  documentTypes: Type.Array(IssuableTypeSchema, { minItems: 1 }),
});
export const DocumentTypesResponse = Type.Object({ ok: Ok, documentTypes: Type.Array(Type.String()) });

const Counter = Type.Object({ current: Type.Integer(), next: Type.Integer() });
export const SequentialsResponse = Type.Object({
  ok: Ok,
  sequentials: Type.Array(
    Type.Object({ documentType: Type.String(), sandbox: Counter, production: Counter }),
  ),
});
export const SequentialBody = Type.Object({
  environment: EnvironmentSchema,
  nextSequential: Type.Integer({
    maximum: MAX_SEQUENTIAL,
    description: 'The number the next document of this type and environment gets',
  }),
});

export const CanIssueBody = Type.Object({ canIssue: Type.Boolean() });
export const CanIssueResponse = Type.Object({ ok: Ok, canIssue: Type.Boolean() });

/** The image bytes; typed as a Buffer for the handler, documented as binary in OpenAPI. */
const image = (description: string) => Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });
export const LogoResponse = {
  description: 'The logo image as uploaded',
  content: {
    'image/png': { schema: image('PNG') },
    'image/jpeg': { schema: image('JPEG') },
    'image/gif': { schema: image('GIF') },
  },
};
