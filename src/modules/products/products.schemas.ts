import { Type } from '@sinclair/typebox';
import { importResponse } from '../../http/csv-body.js';
import { IsoDateTime, Nullable, Ok, PageQuery, StringEnum, Uuid } from '../../http/schemas.js';

const Tax = Type.Object(
  {
    code: StringEnum(['2', '3', '5'] as const, { description: '2 IVA, 3 ICE, 5 IRBPNR' }),
    rateCode: Type.String({
      maxLength: 10,
      description: 'a current rate code of GET /v1/catalogs/tax-rates for the code (IVA 15% is 4)',
      examples: ['4'],
    }),
  },
  { $id: 'ProductTax' },
);
const Detail = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 300 }),
  value: Type.String({ minLength: 1, maxLength: 300 }),
});
const UnitPrice = Type.String({
  pattern: '^[0-9]+(\\.[0-9]+)?$',
  description: 'decimal string, at most 6 decimals',
  examples: ['12.50'],
});

const ProductSchema = Type.Object(
  {
    id: Uuid,
    mainCode: Type.String(),
    auxiliaryCode: Nullable(Type.String()),
    description: Type.String(),
    unitPrice: UnitPrice,
    taxes: Type.Array(Tax, { description: 'exactly one IVA (code 2); at most one ICE and one IRBPNR' }),
    additionalDetails: Type.Array(Detail),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  { $id: 'Product', description: 'A saved product or service: an item of documents' },
);

const fields = {
  mainCode: Type.String({ minLength: 1, maxLength: 25 }),
  auxiliaryCode: Type.Optional(Nullable(Type.String({ maxLength: 25 }))),
  description: Type.String({ minLength: 1, maxLength: 300 }),
  unitPrice: UnitPrice,
  taxes: Type.Array(Tax, { minItems: 1, maxItems: 3 }),
  additionalDetails: Type.Optional(Type.Array(Detail, { maxItems: 3 })),
};

export const CreateProductBody = Type.Object(fields, { $id: 'ProductCreate' });
export const UpdateProductBody = Type.Partial(Type.Object(fields), {
  $id: 'ProductUpdate',
  description: 'The fields to change (taxes and additionalDetails as whole lists)',
});

export const ProductResponse = Type.Object({ ok: Ok, product: ProductSchema });

export const ProductListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 300,
      description: 'description contains it (any case, any accents) or a code starts with it',
    }),
  ),
  page: Type.Optional(PageQuery),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

export const ProductListResponse = Type.Object({
  ok: Ok,
  data: Type.Array(ProductSchema),
  pagination: Type.Object({ total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() }),
});

const S = Type.String();
export const ProductImportResponse = importResponse(
  Type.Object(
    {
      mainCode: Type.Optional(S),
      auxiliaryCode: Type.Optional(Nullable(S)),
      description: Type.Optional(S),
      unitPrice: Type.Optional(S),
      taxes: Type.Array(Type.Object({ code: Type.Optional(S), rateCode: Type.Optional(S) })),
      additionalDetails: Type.Array(Type.Object({ name: Type.Optional(S), value: Type.Optional(S) })),
    },
    { description: 'the row as read (checked and normalized when valid)' },
  ),
  'ProductImport',
);
