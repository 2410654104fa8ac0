import { type Static, Type } from '@sinclair/typebox';

/**
 * Body building blocks shared by the 03, 05, 06 and 07 schemas, in the style of the invoice and
 * credit-note bodies (documents.schemas.ts): camelCase, decimals as strings, dates DD/MM/YYYY.
 * The shape is checked here; formats, catalogs and arithmetic by each type's `compute`.
 */
export const DecimalString = (description: string) =>
  Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', description });
export const DateString = (description = 'DD/MM/YYYY') =>
  Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description });
export const DocumentNumber = (description = 'NNN-NNN-NNNNNNNNN') =>
  Type.String({ pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{9}$', description });

export const NameValueBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 300 }),
  value: Type.String({ minLength: 1, maxLength: 300 }),
});
export type NameValue = Static<typeof NameValueBody>;
export const AdditionalInfoBody = Type.Optional(
  Type.Array(NameValueBody, { maxItems: 15, description: 'infoAdicional/campoAdicional' }),
);

export const IdType = Type.String({
  description: '04 RUC, 05 cédula, 06 passport, 07 final consumer, 08 foreign id',
});
export const Email = (description: string) => Type.String({ minLength: 3, maxLength: 254, description });

/** A tax line as the invoice body states it: the client's figures are checked against ours. */
export const TaxLineBody = Type.Object({
  code: Type.String({ description: 'tax type: 2 IVA, 3 ICE, 5 IRBPNR' }),
  rateCode: Type.String({ description: 'rate code (GET /v1/catalogs/tax-rates); IVA 15% is 4' }),
  rate: DecimalString('percentage, must match the catalog'),
  taxableBase: DecimalString('must equal the computed base'),
  taxAmount: DecimalString('must equal the computed amount'),
});

export const PaymentBody = Type.Object({
  method: Type.String({ description: 'formaPago (GET /v1/catalogs/payment-methods)' }),
  total: DecimalString('amount paid with this method'),
  term: Type.Optional(DecimalString('payment term')),
  termUnit: Type.Optional(Type.String({ description: 'dias or meses' })),
});

/** An item line of the 01, 03 and 04 bodies: checked by item-checks.ts `checkItem`. */
export const ItemBody = Type.Object({
  mainCode: Type.String({ minLength: 1, maxLength: 25 }),
  auxiliaryCode: Type.Optional(Type.String({ maxLength: 25 })),
  description: Type.String({ minLength: 1, maxLength: 300 }),
  quantity: DecimalString('up to 6 decimals, > 0'),
  unitPrice: DecimalString('up to 6 decimals, >= 0'),
  discount: Type.Optional(DecimalString('line discount amount, 2 decimals')),
  additionalDetails: Type.Optional(Type.Array(NameValueBody, { maxItems: 3 })),
  taxes: Type.Array(TaxLineBody, { minItems: 1 }),
});
