import { type Static, Type } from '@sinclair/typebox';
import { AdditionalInfo, BuyerBody, DdMmYyyy } from '../common/sales-schemas.js';
import { DecimalString as Dec, ItemBody } from '../common/schemas.js';

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
  {
    title: 'Invoice (01)',
    examples: [
      {
        documentType: '01',
        buyer: {
          idType: '05',
          id: '1710034065',
          name: 'María José Peñafiel',
          email: 'maria@example.com',
          address: 'Av. Colón E4-12, Quito',
        },
        items: [
          {
            mainCode: 'SKU-001',
            description: 'Servicio de consultoría',
            quantity: '2',
            unitPrice: '50.00',
            discount: '10.00',
            taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '90.00', taxAmount: '13.50' }],
          },
          {
            mainCode: 'SKU-002',
            description: 'Libro técnico',
            quantity: '1',
            unitPrice: '20.00',
            taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '20.00', taxAmount: '0.00' }],
          },
        ],
        payments: [{ method: '20', total: '123.50', term: '30', termUnit: 'dias' }],
        additionalInfo: [{ name: 'Pedido', value: 'PO-7781' }],
      },
    ],
  },
);

export type InvoiceInput = Static<typeof InvoiceBody>;
