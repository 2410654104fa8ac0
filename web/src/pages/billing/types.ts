/** The billing pages' view of /v1/subscriptions and /v1/tiers answers. */
export interface BankTransfer {
  bankName: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  identification: string;
}

export interface Payment {
  id: string;
  status: string;
  amount: string;
  iva_amount: string;
  total_amount: string;
  purpose: string;
  rejection_reason_code?: string | null;
  reported_at?: string | null;
  verified_at?: string | null;
}

export interface Subscription {
  id: string;
  tier: string;
  billing_interval: string;
  status: string;
  pending_tier?: string | null;
  current_period_end?: string | null;
  payments: Payment[];
}

export type Tier = Record<string, unknown> & { code?: string; tier?: string };

export const PAID = ['STARTER', 'GROWTH', 'BUSINESS'];

/** Tolerates the tier listing's field names: the code, a monthly and a yearly price, the quota. */
export function tierView(x: Tier) {
  const pick = (...names: string[]) => names.map((n) => x[n]).find((v) => v !== undefined && v !== null);
  return {
    code: String(pick('code', 'tier') ?? ''),
    monthly: pick('monthlyPrice', 'monthlyPriceUsd', 'monthly_price_usd', 'priceMonthly') as
      | string
      | undefined,
    yearly: pick('yearlyPrice', 'yearlyPriceUsd', 'yearly_price_usd', 'priceYearly') as string | undefined,
    quota: pick('documentQuota', 'document_quota', 'documents') as number | undefined,
    keys: pick('maxApiKeys', 'max_api_keys') as number | undefined,
  };
}
