import { type Static, Type } from '@sinclair/typebox';
import {
  AdditionalInfoBody,
  DateString,
  DecimalString,
  DocumentNumber,
  Email,
  IdType,
  PaymentBody,
  TaxLineBody,
} from '../common/schemas.js';

/** The body of a comprobante de retención 2.0.0 (REFERENCE-TYPES.md §7, docs/document-types.md). */
export const WithholdingBody = Type.Object(
  {
    documentType: Type.Literal('07'),
    issueDate: Type.Optional(DateString()),
    fiscalPeriod: Type.Optional(
      Type.String({ pattern: '^[0-9]{2}/[0-9]{4}$', description: 'MM/YYYY; defaults to the issue month' }),
    ),
    subject: Type.Object({
      idType: IdType,
      id: Type.String({ minLength: 1, maxLength: 20 }),
      name: Type.String({ minLength: 1, maxLength: 300 }),
      email: Email('RIDE and XML are sent here on authorization'),
      subjectType: Type.Optional(
        Type.Union([
          Type.String({ description: '01 natural person, 02 company; required for idType 08' }),
          Type.Null(),
        ]),
      ),
      relatedParty: Type.Boolean({ description: 'parteRel' }),
    }),
    supportingDocuments: Type.Array(
      Type.Object({
        supportCode: Type.String({ description: 'codSustento (GET /v1/catalogs/support-codes)' }),
        documentType: Type.String({
          pattern: '^[0-9]{2}$',
          description: 'codDocSustento: 01 invoice, 03, 05…',
        }),
        number: DocumentNumber(),
        issueDate: DateString(),
        accountingDate: Type.Optional(Type.Union([DateString(), Type.Null()])),
        authorizationNumber: Type.Optional(
          Type.Union([Type.String({ pattern: '^[0-9]{10,49}$' }), Type.Null()]),
        ),
        paymentResidence: Type.String({ description: 'pagoLocExt: 01 resident, 02 non-resident' }),
        foreignPayment: Type.Optional(
          Type.Union([
            Type.Object({
              regimeType: Type.String({ description: 'tipoRegi 01-03' }),
              countryCode: Type.String({ pattern: '^[0-9]{3,4}$', description: 'paisEfecPago (SRI code)' }),
              doubleTaxTreaty: Type.Boolean(),
              subjectToWithholding: Type.Optional(Type.Boolean({ description: 'when no treaty applies' })),
              preferentialRegime: Type.Boolean(),
            }),
            Type.Null(),
          ]),
        ),
        totalWithoutTaxes: DecimalString("the supporting document's totalSinImpuestos"),
        total: DecimalString("the supporting document's importeTotal"),
        taxes: Type.Array(TaxLineBody, { minItems: 1, maxItems: 20 }),
        withholdings: Type.Array(
          Type.Object({
            code: Type.String({ description: 'tax withheld: 1 renta, 2 IVA, 6 ISD' }),
            withholdingCode: Type.String({ description: 'GET /v1/catalogs/withholding-codes' }),
            taxableBase: DecimalString('IVA: the VAT amount; renta: totalWithoutTaxes'),
            rate: DecimalString('the catalog rate on the issue date'),
            amount: DecimalString('round(taxableBase × rate / 100, 2)'),
          }),
          { minItems: 1, maxItems: 20 },
        ),
        payments: Type.Array(Type.Omit(PaymentBody, ['term', 'termUnit']), { minItems: 1, maxItems: 20 }),
      }),
      { minItems: 1, maxItems: 100 },
    ),
    additionalInfo: AdditionalInfoBody,
  },
  {
    title: 'Withholding receipt (07)',
    examples: [
      {
        documentType: '07',
        issueDate: '24/05/2025',
        fiscalPeriod: '05/2025',
        subject: {
          idType: '04',
          id: '1791774582001',
          name: 'SUPERMERCADO DE COMPUTADORAS COMPUBUSSINES CIA. LTDA',
          email: 'proveedor@example.com',
          subjectType: null,
          relatedParty: false,
        },
        supportingDocuments: [
          {
            supportCode: '01',
            documentType: '01',
            number: '089-001-000003681',
            issueDate: '24/05/2025',
            accountingDate: '26/05/2025',
            authorizationNumber: '2405202501179177458200120890010000036818564643510',
            paymentResidence: '01',
            foreignPayment: null,
            totalWithoutTaxes: '129.57',
            total: '149.01',
            taxes: [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '129.57', taxAmount: '19.44' }],
            withholdings: [
              { code: '2', withholdingCode: '9', taxableBase: '19.44', rate: '10.00', amount: '1.94' },
              { code: '1', withholdingCode: '312', taxableBase: '129.57', rate: '1.75', amount: '2.27' },
            ],
            payments: [{ method: '01', total: '149.01' }],
          },
        ],
        additionalInfo: [{ name: 'Email', value: 'proveedor@example.com' }],
      },
    ],
  },
);

export type WithholdingBodyT = Static<typeof WithholdingBody>;
