import { type Static, Type } from '@sinclair/typebox';
import { AdditionalInfoBody, DateString, Email, IdType, ItemBody, PaymentBody } from '../common/schemas.js';

/**
 * The body of a liquidación de compra 1.1.0: the invoice body with `supplier` in place of `buyer`,
 * IVA only and no tip (REFERENCE-TYPES.md §3, §7).
 */
export const PurchaseSettlementBody = Type.Object(
  {
    documentType: Type.Literal('03'),
    issueDate: Type.Optional(DateString()),
    supplier: Type.Object({
      idType: IdType,
      id: Type.String({ minLength: 1, maxLength: 20 }),
      name: Type.String({ minLength: 1, maxLength: 300 }),
      email: Email('RIDE and XML are sent here on authorization'),
      address: Type.Optional(Type.String({ maxLength: 300 })),
    }),
    items: Type.Array(ItemBody, { minItems: 1, maxItems: 1000 }),
    payments: Type.Array(PaymentBody, { minItems: 1, maxItems: 20 }),
    additionalInfo: AdditionalInfoBody,
  },
  {
    title: 'Purchase settlement (03)',
    examples: [
      {
        documentType: '03',
        issueDate: '19/08/2024',
        supplier: {
          idType: '05',
          id: '0914250881',
          name: 'SORIANO SALAS EDDIE',
          email: 's@example.com',
          address: 'KM 18 VIA A SAMBORONDON',
        },
        items: [
          {
            mainCode: 'ACASC',
            auxiliaryCode: 'ACASC',
            description: 'ARROZ CASCARA G. LARGO',
            quantity: '136',
            unitPrice: '37.00',
            discount: '0.00',
            taxes: [{ code: '2', rateCode: '0', rate: '0.00', taxableBase: '5032.00', taxAmount: '0.00' }],
          },
        ],
        payments: [{ method: '20', total: '5032.00', term: '0', termUnit: 'dias' }],
        additionalInfo: [{ name: 'Categorizado', value: 'AGENTE DE RETENCION' }],
      },
    ],
  },
);

export type PurchaseSettlementBodyT = Static<typeof PurchaseSettlementBody>;
