/**
 * All code reads the time through a Clock so tests can move it (decisions.md: Time).
 * Business dates are in America/Guayaquil, which is UTC-5 all year (no DST since 1993).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests can set and advance. Starts at the real time unless told otherwise. */
export class MovableClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(start?: Date) {
    if (start) this.offsetMs = start.getTime() - Date.now();
  }

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  set(date: Date): void {
    if (this.frozenAt !== null) this.frozenAt = date.getTime();
    else this.offsetMs = date.getTime() - Date.now();
  }

  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  freeze(): void {
    this.frozenAt = this.now().getTime();
  }

  unfreeze(): void {
    if (this.frozenAt !== null) this.offsetMs = this.frozenAt - Date.now();
    this.frozenAt = null;
  }
}

export const ECUADOR_OFFSET_MINUTES = -5 * 60;
const OFFSET_MS = ECUADOR_OFFSET_MINUTES * 60_000;

/** The calendar parts of `date` as seen in America/Guayaquil. */
export function ecuadorParts(date: Date): { year: number; month: number; day: number } {
  const shifted = new Date(date.getTime() + OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** YYYY-MM of the Ecuador calendar month containing `date`: the FREE plan's quota period key. */
export function ecuadorMonthKey(date: Date): string {
  const p = ecuadorParts(date);
  return `${p.year}-${pad(p.month)}`;
}

/** The instant the Ecuador calendar month after the one containing `date` begins. */
export function ecuadorNextMonthStart(date: Date): Date {
  const p = ecuadorParts(date);
  return new Date(Date.UTC(p.year, p.month, 1) - OFFSET_MS);
}

/** The instant the Ecuador calendar month containing `date` began. */
export function ecuadorMonthStart(date: Date): Date {
  const p = ecuadorParts(date);
  return new Date(Date.UTC(p.year, p.month - 1, 1) - OFFSET_MS);
}

/** DD/MM/YYYY in America/Guayaquil. */
export function ecuadorDate(date: Date): string {
  const p = ecuadorParts(date);
  return `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

/** YYYY-MM-DD in America/Guayaquil. */
export function ecuadorIsoDate(date: Date): string {
  const p = ecuadorParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** ISO 8601 with the -05:00 offset, e.g. 2026-11-21T18:03:04-05:00 (what the tax authority writes). */
export function ecuadorTimestamp(date: Date): string {
  const s = new Date(date.getTime() + OFFSET_MS).toISOString();
  return `${s.slice(0, 19)}-05:00`;
}

/** Start of the Ecuador calendar day that contains `date`, as an instant. */
export function ecuadorStartOfDay(date: Date): Date {
  const p = ecuadorParts(date);
  return new Date(Date.UTC(p.year, p.month - 1, p.day) - OFFSET_MS);
}

/** Parses DD/MM/YYYY strictly (real calendar date). Returns null when invalid. */
export function parseDdMmYyyy(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** DD/MM/YYYY -> YYYY-MM-DD (for SQL dates). Assumes a valid input. */
export function ddMmYyyyToIso(value: string): string {
  const [d, m, y] = value.split('/');
  return `${y}-${m}-${d}`;
}

/** YYYY-MM-DD -> DD/MM/YYYY. */
export function isoToDdMmYyyy(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
