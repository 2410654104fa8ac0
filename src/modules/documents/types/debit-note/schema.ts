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

/**
 * The body of a nota de débito 1.0.0: the credit-note body with priced reasons instead of items
 * and its taxes at document level (REFERENCE-TYPES.md §7; naming in docs/document-types.md).
 */
export const DebitNoteBody = Type.Object(
  {
    documentType: Type.Literal('05'),
    issueDate: Type.Optional(DateString()),
    buyer: Type.Object({
      idType: IdType,
      id: Type.String({ minLength: 1, maxLength: 20 }),
      name: Type.String({ minLength: 1, maxLength: 300 }),
      email: Type.Optional(
        Email(
          'RIDE and XML are sent here on authorization. Required, except for a final consumer (07): without it no email is sent',
        ),
      ),
      address: Type.Optional(Type.String({ maxLength: 300 })),
    }),
    originalDocument: Type.Object({
      documentType: Type.String({ pattern: '^[0-9]{2}$', description: '01 invoice' }),
      number: DocumentNumber(),
      issueDate: DateString(),
    }),
    reasons: Type.Array(
      Type.Object({
        reason: Type.String({ minLength: 1, maxLength: 300, description: 'motivo/razon' }),
        amount: DecimalString('motivo/valor, 2 decimals'),
      }),
      { minItems: 1, maxItems: 100 },
    ),
    taxes: Type.Array(TaxLineBody, {
      minItems: 1,
      maxItems: 10,
      description: 'IVA per rate; the bases add up to the reasons',
    }),
    payments: Type.Optional(Type.Array(PaymentBody, { minItems: 1, maxItems: 20 })),
    additionalInfo: AdditionalInfoBody,
  },
  {
    title: 'Debit note (05)',
    examples: [
      {
        documentType: '05',
        issueDate: '24/09/2024',
        buyer: {
          idType: '04',
          id: '1793143709001',
          name: 'PB ODONTOLOGIA PBODONTOSAS S.A.S.',
          email: 'b@example.com',
        },
        originalDocument: { documentType: '01', number: '001-012-000283946', issueDate: '20/08/2024' },
        reasons: [{ reason: 'INTERÉS POR MORA', amount: '0.27' }],
        taxes: [{ code: '2', rateCode: '0', rate: '0.00', taxableBase: '0.27', taxAmount: '0.00' }],
        payments: [{ method: '01', total: '0.27', term: '5', termUnit: 'dias' }],
        additionalInfo: [{ name: 'Observación', value: 'VALOR FACTURA: $25.70' }],
      },
    ],
  },
);

export type DebitNoteBodyT = Static<typeof DebitNoteBody>;
