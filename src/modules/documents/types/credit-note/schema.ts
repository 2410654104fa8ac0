import { type Static, Type } from '@sinclair/typebox';
import { AdditionalInfo, BuyerBody, DdMmYyyy } from '../common/sales-schemas.js';
import { ItemBody } from '../common/schemas.js';

/** Nota de crédito (04): the credit note table of the interface specification. */
export const CreditNoteBody = Type.Object(
  {
    documentType: Type.Literal('04'),
    issueDate: Type.Optional(DdMmYyyy),
    buyer: Type.Omit(BuyerBody, ['phone']),
    originalDocument: Type.Object({
      documentType: Type.String({ pattern: '^[0-9]{2}$' }),
      number: Type.String({ pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{9}$' }),
      issueDate: DdMmYyyy,
    }),
    motivo: Type.String({ minLength: 1, maxLength: 300 }),
    items: Type.Array(ItemBody, { minItems: 1, maxItems: 1000 }),
    additionalInfo: Type.Optional(AdditionalInfo),
  },
  {
    title: 'Credit note (04)',
    examples: [
      {
        documentType: '04',
        buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel', email: 'maria@example.com' },
        originalDocument: { documentType: '01', number: '001-001-000000123', issueDate: '02/03/2026' },
        motivo: 'Devolución parcial',
        items: [
          {
            mainCode: 'SKU-001',
            description: 'Servicio de consultoría',
            quantity: '1',
            unitPrice: '50.00',
            taxes: [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '50.00', taxAmount: '7.50' }],
          },
        ],
      },
    ],
  },
);

export type CreditNoteInput = Static<typeof CreditNoteBody>;
