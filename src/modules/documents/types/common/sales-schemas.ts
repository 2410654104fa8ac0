import { Type } from '@sinclair/typebox';

/**
 * Building blocks of the invoice (01) and credit note (04) bodies: camelCase, every amount a
 * decimal string. The schemas check shape (types, required members, lengths, patterns) once, at
 * the route; meaning (catalogs, arithmetic, dates) is each type's `compute`.
 */
export const Dec = (description: string) => Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', description });
export const DdMmYyyy = Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' });
export const NameValue = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 300 }),
  value: Type.String({ minLength: 1, maxLength: 300 }),
});
/** infoAdicional/campoAdicional, at most 15 (every type). */
export const AdditionalInfo = Type.Array(NameValue, { maxItems: 15 });

export const TaxBody = Type.Object({
  code: Type.String({ description: 'tax type: 2 IVA, 3 ICE, 5 IRBPNR' }),
  rateCode: Type.String({ description: 'rate code (GET /v1/catalogs/tax-rates); IVA 15% is 4' }),
  rate: Dec('percentage, must match the catalog'),
  taxableBase: Dec('must equal the computed base'),
  taxAmount: Dec('must equal the computed amount'),
});

export const ItemBody = Type.Object({
  mainCode: Type.String({ minLength: 1, maxLength: 25 }),
  auxiliaryCode: Type.Optional(Type.String({ maxLength: 25 })),
  description: Type.String({ minLength: 1, maxLength: 300 }),
  quantity: Dec('up to 6 decimals, > 0'),
  unitPrice: Dec('up to 6 decimals, >= 0'),
  discount: Type.Optional(Dec('line discount amount, 2 decimals')),
  additionalDetails: Type.Optional(Type.Array(NameValue, { maxItems: 3 })),
  taxes: Type.Array(TaxBody, { minItems: 1 }),
});

export const BuyerBody = Type.Object({
  idType: Type.String({ description: '04 RUC, 05 cédula, 06 passport, 07 final consumer, 08 foreign id' }),
  id: Type.String({ minLength: 1, maxLength: 20 }),
  name: Type.String({ minLength: 1, maxLength: 300 }),
  email: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 254,
      description:
        'RIDE and XML are sent here on authorization. Required, except for a final consumer (07): without it no email is sent',
    }),
  ),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
});
