/** The billing pages' records (generated from the API's schemas) and the paid tiers. */
export type { BankTransfer, Payment, Subscription, Tier } from '../../api-models';

export const PAID = ['STARTER', 'GROWTH', 'BUSINESS'];
