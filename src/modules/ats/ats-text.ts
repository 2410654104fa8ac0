import { type Dec, fixed } from '../../shared/money.js';

/**
 * The annex's character and format rules (REFERENCE-ATS §7.1): names of letters, digits and spaces
 * only, amounts with exactly two decimals, dates as dd/mm/yyyy.
 */

/** Legal names the way the SRI's pattern accepts them: `COMPAÑÍA S.A.` → `COMPANIA SA`. */
export function annexName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/&/g, ' Y ')
    .replace(/[-/_]/g, ' ')
    .replace(/[^A-Za-z0-9\s]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An identification as the annex's `[0-9a-zA-Z]{3,13}` takes it: no separators, at most 13. */
export function annexId(id: string): string {
  return id.replace(/[^0-9A-Za-z]/g, '').slice(0, 13);
}

/** `2026-03-05` → `05/03/2026`. */
export function annexDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function annexAmount(value: Dec): string {
  return fixed(value, 2);
}

/** Whether `dd/mm/yyyy` names a real calendar day (the schema lets 31/02 through). */
export function isRealAnnexDate(text: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `dd/mm/yyyy` → `yyyy-mm-dd`, which compares as text. */
export function isoFromAnnexDate(text: string): string {
  const [d, m, y] = text.split('/');
  return `${y}-${m}-${d}`;
}
