/**
 * The typed inputs of the invoice and credit note computations: `Static<>` of the route schemas
 * (types/<slug>/schema.ts), never a hand-written copy.
 */
import type { Static } from '@sinclair/typebox';
import type { CreditNoteInput } from '../credit-note/schema.js';
import type { InvoiceInput } from '../invoice/schema.js';
import type { ItemBody, TaxLineBody } from './schemas.js';

export type { CreditNoteInput } from '../credit-note/schema.js';
export type { InvoiceInput } from '../invoice/schema.js';
export type ItemInput = Static<typeof ItemBody>;
export type TaxInput = Static<typeof TaxLineBody>;
export type BuyerInput = InvoiceInput['buyer'] | CreditNoteInput['buyer'];
export type PaymentInput = InvoiceInput['payments'][number];
export type DocumentInput = InvoiceInput | CreditNoteInput;
