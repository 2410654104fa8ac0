import { Type } from '@sinclair/typebox';
import { importResponse } from '../../http/csv-body.js';
import { IsoDateTime, Nullable, Ok, PageQuery, StringEnum, Uuid } from '../../http/schemas.js';

const IdType = StringEnum(['04', '05', '06', '07', '08'] as const, {
  description: '04 RUC, 05 cédula, 06 passport, 07 final consumer, 08 foreign id (GET /v1/catalogs/id-types)',
});

const CustomerSchema = Type.Object(
  {
    id: Uuid,
    idType: IdType,
    identification: Type.String({ description: 'RUC, cédula, passport… as the idType says' }),
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    address: Nullable(Type.String()),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  { $id: 'Customer', description: 'A saved customer: the buyer of documents' },
);

const fields = {
  idType: IdType,
  identification: Type.String({ minLength: 1, maxLength: 20 }),
  name: Type.String({ minLength: 1, maxLength: 300 }),
  email: Type.Optional(Nullable(Type.String({ maxLength: 254, description: 'where documents are sent' }))),
  phone: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  address: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
};

export const CreateCustomerBody = Type.Object(fields, { $id: 'CustomerCreate' });
export const UpdateCustomerBody = Type.Partial(Type.Object(fields), {
  $id: 'CustomerUpdate',
  description: 'The fields to change; null clears email, phone or address',
});

export const CustomerResponse = Type.Object({ ok: Ok, customer: CustomerSchema });

export const CustomerListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 300,
      description: 'name contains it (any case, any accents) or identification starts with it',
    }),
  ),
  page: Type.Optional(PageQuery),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

export const CustomerListResponse = Type.Object({
  ok: Ok,
  data: Type.Array(CustomerSchema),
  pagination: Type.Object({ total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() }),
});

const S = Type.String();
export const CustomerImportResponse = importResponse(
  Type.Object(
    {
      idType: S,
      identification: S,
      name: S,
      email: Nullable(S),
      phone: Nullable(S),
      address: Nullable(S),
    },
    { description: 'the row as read (checked and normalized when valid)' },
  ),
  'CustomerImport',
);
