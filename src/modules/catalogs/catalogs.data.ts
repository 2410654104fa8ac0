/**
 * Reference catalogs (docs/spec-map.md, Catalogs; decisions.md for the IVA rate codes, which
 * follow the tax authority's Ficha técnica tabla 17: 15% is rateCode 4 since April 2024).
 */
export interface TaxRate {
  taxCode: string;
  rateCode: string;
  description: string;
  /** Percentage as a decimal string; null where the rate is set per document (IVA diferenciado). */
  rate: string;
  /** false for historical rates that new documents must not use. */
  current: boolean;
  /**
   * The periods the rate was in force (ISO dates, inclusive; null = open). A credit note may use a
   * historical rate when the credited document's issue date falls in one of them.
   */
  validity: { from: string | null; to: string | null }[];
}

const ALWAYS = [{ from: null, to: null }];

export const ID_TYPES = [
  { code: '04', description: 'RUC' },
  { code: '05', description: 'Cédula de identidad' },
  { code: '06', description: 'Pasaporte' },
  { code: '07', description: 'Consumidor final' },
  { code: '08', description: 'Identificación del exterior' },
] as const;

// The payment methods (tabla 24) and term units live in shared/ because the RIDE adapter prints them.
export { PAYMENT_METHODS, TERM_UNITS } from '../../shared/sri-codes.js';

export const TAX_TYPES = [
  { code: '2', description: 'IVA' },
  { code: '3', description: 'ICE' },
  { code: '5', description: 'IRBPNR' },
] as const;

export const TAX_RATES: readonly TaxRate[] = [
  { taxCode: '2', rateCode: '0', description: 'IVA 0%', rate: '0.00', current: true, validity: ALWAYS },
  {
    taxCode: '2',
    rateCode: '2',
    description: 'IVA 12% (histórico)',
    rate: '12.00',
    current: false,
    // 12% until the 14% year (Ley Solidaria, June 2016 to May 2017), then again until 15% (April 2024).
    validity: [
      { from: null, to: '2016-05-31' },
      { from: '2017-06-01', to: '2024-03-31' },
    ],
  },
  {
    taxCode: '2',
    rateCode: '3',
    description: 'IVA 14% (histórico)',
    rate: '14.00',
    current: false,
    validity: [{ from: '2016-06-01', to: '2017-05-31' }],
  },
  {
    taxCode: '2',
    rateCode: '4',
    description: 'IVA 15%',
    rate: '15.00',
    current: true,
    validity: [{ from: '2024-04-01', to: null }],
  },
  { taxCode: '2', rateCode: '5', description: 'IVA 5%', rate: '5.00', current: true, validity: ALWAYS },
  {
    taxCode: '2',
    rateCode: '6',
    description: 'No objeto de impuesto',
    rate: '0.00',
    current: true,
    validity: ALWAYS,
  },
  {
    taxCode: '2',
    rateCode: '7',
    description: 'Exento de IVA',
    rate: '0.00',
    current: true,
    validity: ALWAYS,
  },
  {
    taxCode: '2',
    rateCode: '8',
    description: 'IVA diferenciado',
    rate: '8.00',
    current: true,
    validity: ALWAYS,
  },
  { taxCode: '2', rateCode: '10', description: 'IVA 13%', rate: '13.00', current: true, validity: ALWAYS },
  {
    taxCode: '3',
    rateCode: '3051',
    description: 'ICE grupo I',
    rate: '0.00',
    current: true,
    validity: ALWAYS,
  },
  { taxCode: '5', rateCode: '5001', description: 'IRBPNR', rate: '0.02', current: true, validity: ALWAYS },
];

export function findTaxRate(taxCode: string, rateCode: string): TaxRate | undefined {
  return TAX_RATES.find((r) => r.taxCode === taxCode && r.rateCode === rateCode);
}

/** Whether the rate was in force on an ISO date (YYYY-MM-DD compares as text). */
export function isRateInForceOn(rate: TaxRate, isoDate: string): boolean {
  return rate.validity.some(
    (p) => (p.from === null || p.from <= isoDate) && (p.to === null || isoDate <= p.to),
  );
}

/** "2017-06-01 to 2024-03-31, …" for messages. */
export function describeValidity(rate: TaxRate): string {
  return rate.validity.map((p) => `${p.from ?? 'any date'} to ${p.to ?? 'today'}`).join(' or ');
}

/**
 * Document types the service issues: the codes of src/modules/documents/types/registry.ts
 * (test/document-types/registry.test.ts keeps the two equal; the issuers and tenants modules
 * check enabled types against this list without depending on the documents module).
 */
export const ISSUABLE_DOCUMENT_TYPES = ['01', '03', '04', '05', '06', '07'] as const;
