/**
 * The typed inputs of the invoice and credit note computations: `Static<>` of the route schemas
 * (types/<slug>/schema.ts), never a hand-written copy.
 */
import type { Static } from '@sinclair/typebox';
import type { ItemBody, NameValue as NameValueBody, TaxBody } from './types/common/sales-schemas.js';
import type { CreditNoteInput } from './types/credit-note/schema.js';
import type { InvoiceInput } from './types/invoice/schema.js';

export type { CreditNoteInput } from './types/credit-note/schema.js';
export type { InvoiceInput } from './types/invoice/schema.js';
export type NameValue = Static<typeof NameValueBody>;
export type ItemInput = Static<typeof ItemBody>;
export type TaxInput = Static<typeof TaxBody>;
export type BuyerInput = InvoiceInput['buyer'] | CreditNoteInput['buyer'];
export type PaymentInput = InvoiceInput['payments'][number];
export type DocumentInput = InvoiceInput | CreditNoteInput;
