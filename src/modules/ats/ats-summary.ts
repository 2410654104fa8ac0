import { D, type Dec, dec, fixed } from '../../shared/money.js';
import { findTaxRate } from '../catalogs/index.js';
import type { AtsTax } from './ats.model.js';
import { TAX_VAT, VAT_EXEMPT, VAT_NOT_SUBJECT } from './ats-catalogs.js';
import type { RateTotal } from './ats-report.model.js';

/** The label of an IVA rate group: its percentage ("15"), or NO_OBJECT / EXEMPT. */
function rateLabel(rateCode: string): string {
  if (rateCode === VAT_NOT_SUBJECT) return 'NO_OBJECT';
  if (rateCode === VAT_EXEMPT) return 'EXEMPT';
  const rate = findTaxRate(TAX_VAT, rateCode)?.rate;
  return rate === undefined ? `CODE_${rateCode}` : new D(rate).toString();
}

/**
 * IVA bases and taxes per rate group over a section's documents, credit notes subtracted (the
 * owner's books net them; the file writes them as rows of their own with positive amounts).
 */
export class RateTotals {
  private readonly byRate = new Map<string, { base: Dec; tax: Dec }>();

  add(taxes: readonly AtsTax[], documentType: string): void {
    const sign = documentType === '04' ? -1 : 1;
    for (const t of taxes) {
      if (t.taxCode !== TAX_VAT) continue;
      const label = rateLabel(t.rateCode);
      const row = this.byRate.get(label) ?? { base: new D(0), tax: new D(0) };
      row.base = row.base.plus(dec(t.base).times(sign));
      row.tax = row.tax.plus(dec(t.amount).times(sign));
      this.byRate.set(label, row);
    }
  }

  list(): RateTotal[] {
    return [...this.byRate.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([rate, v]) => ({ rate, base: fixed(v.base), tax: fixed(v.tax) }));
  }

  /** Σ bases and taxes of every group. */
  total(): string {
    let t = new D(0);
    for (const v of this.byRate.values()) t = t.plus(v.base).plus(v.tax);
    return fixed(t);
  }
}
