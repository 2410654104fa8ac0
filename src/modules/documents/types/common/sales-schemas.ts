import { Type } from '@sinclair/typebox';
import { NameValueBody } from './schemas.js';

/**
 * Building blocks of the invoice (01) and credit note (04) bodies: camelCase, every amount a
 * decimal string (the item and tax lines are schemas.ts's, shared with the 03). The schemas check
 * shape (types, required members, lengths, patterns) once, at the route; meaning (catalogs,
 * arithmetic, dates) is each type's `compute`.
 */
export const DdMmYyyy = Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' });
/** infoAdicional/campoAdicional, at most 15 (every type). */
export const AdditionalInfo = Type.Array(NameValueBody, { maxItems: 15 });

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
