import { useEffect, useState } from 'react';
import { api } from '../api';
import type { T } from '../i18n';

/** A row of GET /v1/catalogs/tax-rates. */
export interface TaxRateRow {
  taxCode: string;
  rateCode: string;
  description: string;
  rate: string;
  current: boolean;
  validity: { from: string | null; to: string | null }[];
}

export interface CodeRow {
  code: string;
  description: string;
}

/** The catalogs the document forms offer, read from the API (never a copy in the app). */
export interface DocumentCatalogs {
  taxRates: TaxRateRow[];
  paymentMethods: CodeRow[];
  termUnits: CodeRow[];
}

export const TAX_IVA = '2';
export const TAX_ICE = '3';
export const TAX_IRBPNR = '5';

let cached: Promise<DocumentCatalogs> | null = null;

function loadCatalogs(): Promise<DocumentCatalogs> {
  cached ??= Promise.all([
    api<{ taxRates: TaxRateRow[] }>('GET', '/v1/catalogs/tax-rates'),
    api<{ paymentMethods: CodeRow[] }>('GET', '/v1/catalogs/payment-methods'),
    api<{ termUnits: CodeRow[] }>('GET', '/v1/catalogs/term-units'),
  ]).then(
    ([r, p, u]) => ({ taxRates: r.taxRates, paymentMethods: p.paymentMethods, termUnits: u.termUnits }),
    (e) => {
      cached = null;
      throw e;
    },
  );
  return cached;
}

/** The catalogs, loaded once per page load and shared by every form. */
export function useDocumentCatalogs(): DocumentCatalogs | null {
  const [data, setData] = useState<DocumentCatalogs | null>(null);
  useEffect(() => {
    let live = true;
    loadCatalogs().then(
      (c) => live && setData(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return data;
}

/** Whether a rate was in force on an ISO date (inclusive periods; null = open). */
function inForceOn(row: TaxRateRow, iso: string): boolean {
  return row.validity.some((p) => (p.from === null || p.from <= iso) && (p.to === null || iso <= p.to));
}

/**
 * The rates a line may use for one tax: the current ones, and on a credit note also the
 * historical ones in force on the credited document's issue date (`creditedIso`, YYYY-MM-DD).
 */
export function ratesFor(catalogs: DocumentCatalogs, taxCode: string, creditedIso?: string): TaxRateRow[] {
  return catalogs.taxRates.filter(
    (r) => r.taxCode === taxCode && (r.current || (creditedIso !== undefined && inForceOn(r, creditedIso))),
  );
}

/** The IVA rate a new line starts with: the highest current one (the general rate). */
export function defaultIvaRate(catalogs: DocumentCatalogs): string {
  const iva = ratesFor(catalogs, TAX_IVA);
  return [...iva].sort((a, b) => Number(b.rate) - Number(a.rate))[0]?.rateCode ?? '';
}

const RATE_NAMES_EN: Record<string, string> = {
  'No objeto de impuesto': 'Not subject to VAT',
  'Exento de IVA': 'VAT exempt',
  'IVA diferenciado': 'Differentiated VAT',
  IRBPNR: 'IRBPNR (plastic bottles)',
};

/** A tax rate as a person reads it: the catalog's name (IVA 15%), in English where it differs. */
export function rateLabel(t: T, row: Pick<TaxRateRow, 'taxCode' | 'description' | 'rate'>): string {
  const en = RATE_NAMES_EN[row.description] ?? row.description.replace(/\(histórico\)/, '(historical)');
  const text = t(row.description, en);
  if (row.taxCode === TAX_IRBPNR) return `${text} · USD ${row.rate} ${t('por unidad', 'per unit')}`;
  if (row.taxCode === TAX_ICE) return `${text} · ${Number(row.rate)} %`;
  return text;
}

const METHODS_EN: Record<string, string> = {
  '01': 'Cash (outside the financial system)',
  '15': 'Debt offsetting',
  '16': 'Debit card',
  '17': 'Electronic money',
  '18': 'Prepaid card',
  '19': 'Credit card',
  '20': 'Other, through the financial system',
  '21': 'Endorsement of securities',
};

/** A payment method (tabla 24): the catalog's Spanish name in sentence case, English by code. */
export function methodLabel(t: T, row: CodeRow): string {
  const es = row.description.charAt(0) + row.description.slice(1).toLowerCase();
  return t(es, METHODS_EN[row.code] ?? es);
}

export function termUnitLabel(t: T, row: CodeRow): string {
  return t(row.description, row.code === 'meses' ? 'Months' : row.code === 'dias' ? 'Days' : row.description);
}

/** The name of a (tax code, rate code) for the totals: "IVA 15%", "ICE grupo I · 0 %". */
export function rateNamer(t: T, catalogs: DocumentCatalogs | null) {
  return (code: string, rateCode: string): string => {
    const row = catalogs?.taxRates.find((r) => r.taxCode === code && r.rateCode === rateCode);
    return row ? rateLabel(t, row) : rateCode;
  };
}
