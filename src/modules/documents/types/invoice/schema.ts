import { type Static, Type } from '@sinclair/typebox';
import { AdditionalInfo, BuyerBody, DdMmYyyy, Dec, ItemBody } from '../common/sales-schemas.js';

/** Factura (01): decisions.md §2 "Invoice body". */
export const InvoiceBody = Type.Object(
  {
    documentType: Type.Literal('01'),
    issueDate: Type.Optional(DdMmYyyy),
    buyer: BuyerBody,
    items: Type.Array(ItemBody, { minItems: 1, maxItems: 1000 }),
    payments: Type.Array(
      Type.Object({
        method: Type.String({ description: 'formaPago (GET /v1/catalogs/payment-methods)' }),
        total: Dec('amount paid with this method'),
        term: Type.Optional(Dec('payment term')),
        termUnit: Type.Optional(Type.String({ description: 'dias or meses' })),
      }),
      { minItems: 1, maxItems: 20 },
    ),
    tip: Type.Optional(Dec('propina, 2 decimals')),
    additionalInfo: Type.Optional(AdditionalInfo),
  },
  { title: 'Invoice (01)' },
);

export type InvoiceInput = Static<typeof InvoiceBody>;
