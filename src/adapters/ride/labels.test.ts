import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, TERM_UNITS } from '../../shared/sri-codes.js';
import { toWinAnsi } from './fonts.js';
import { LABELS } from './labels.js';
import { canStamp } from './stamp-font.js';

/** Every string a label table yields, functions called with sample arguments. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String(value('15', '3'))];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('labels', () => {
  it.each(['es', 'en'] as const)('%s labels are all printable with the standard fonts', (language) => {
    for (const s of strings(LABELS[language])) expect(toWinAnsi(s)).toBe(s);
  });

  it.each(['es', 'en'] as const)('%s names every payment method and time unit of the catalog', (language) => {
    for (const m of PAYMENT_METHODS) expect(LABELS[language].paymentMethods[m.code]).toBeTruthy();
    for (const u of TERM_UNITS) expect(LABELS[language].termUnits[u.code]).toBeTruthy();
  });

  it.each(['es', 'en'] as const)('%s marks can be drawn by the stamp alphabet', (language) => {
    const labels = LABELS[language];
    for (const part of [labels.voided, ...labels.draft.split(' — ')]) expect(canStamp(part)).toBe(true);
  });
});
