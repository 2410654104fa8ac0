import { type Static, Type } from '@sinclair/typebox';
import { AdditionalInfo, BuyerBody, DdMmYyyy, ItemBody } from '../common/sales-schemas.js';

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
  { title: 'Credit note (04)' },
);

export type CreditNoteInput = Static<typeof CreditNoteBody>;
