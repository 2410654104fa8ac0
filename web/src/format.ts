import { formatMoney } from '../../src/shared/money-format';

/** Dates as the API wants them: DD/MM/YYYY in Ecuador's time zone. */
const ecuador = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Guayaquil',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function ecuadorToday(): string {
  return ecuador.format(new Date());
}

/** First and last day of the current month in Ecuador. */
export function currentMonth(): { from: string; to: string } {
  const [, mm, yyyy] = ecuadorToday().split('/');
  const last = new Date(Date.UTC(Number(yyyy), Number(mm), 0)).getUTCDate();
  return { from: `01/${mm}/${yyyy}`, to: `${String(last).padStart(2, '0')}/${mm}/${yyyy}` };
}

/** `<input type="date">` (YYYY-MM-DD) to the API's DD/MM/YYYY, and back. */
export function isoToDmy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export function dmyToIso(dmy: string | null): string {
  if (!dmy) return '';
  const [d, m, y] = dmy.split('/');
  return `${y}-${m}-${d}`;
}

/** YYYY-MM-DD as DD/MM, under a chart's bars. */
export function dayMonth(iso: string): string {
  return `${iso.slice(8)}/${iso.slice(5, 7)}`;
}

/** Whole days from now until an instant (negative once past); null without one. */
export function daysUntil(iso: string | null): number | null {
  return iso ? Math.floor((new Date(iso).getTime() - Date.now()) / 86_400_000) : null;
}

/**
 * The calendar and clock parts of an instant in America/Guayaquil (UTC-5 all year), whatever
 * zone the browser is in: the SRI, the RIDE and the issue dates all live there.
 */
const guayaquil = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Guayaquil',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function guayaquilParts(iso: string): Record<string, string> | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(guayaquil.formatToParts(date).map((p) => [p.type, p.value]));
}

/**
 * An API timestamp as the RIDE prints it: DD/MM/YYYY HH:mm (HH:mm:ss with `seconds`), in
 * America/Guayaquil, in both languages; a dash when absent.
 */
export function formatDateTime(
  iso: string | null | undefined,
  _lang?: string,
  opts: { seconds?: boolean } = {},
): string {
  const p = iso ? guayaquilParts(iso) : null;
  if (!p) return '—';
  const time = `${p.hour}:${p.minute}${opts.seconds ? `:${p.second}` : ''}`;
  return `${p.day}/${p.month}/${p.year} ${time}`;
}

/** The date part only (DD/MM/YYYY in America/Guayaquil). */
export function formatDate(iso: string | null | undefined, _lang?: string): string {
  const p = iso ? guayaquilParts(iso) : null;
  return p ? `${p.day}/${p.month}/${p.year}` : '—';
}

/**
 * Money with exact decimals: amounts are strings end to end, so the page computes tax lines
 * in integer millionths (BigInt), never binary floats.
 */
const SCALE = 1_000_000n;

export function toMicros(value: string): bigint | null {
  const m = /^\s*(-?)(\d+)(?:[.,](\d{0,6}))?\s*$/.exec(value);
  if (!m) return null;
  const micros = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -micros : micros;
}

/** Rounds half up to 2 decimals and prints it. */
export function microsToMoney(micros: bigint): string {
  const neg = micros < 0n;
  const abs = neg ? -micros : micros;
  const cents = (abs + 5_000n) / 10_000n;
  const s = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return neg ? `-${s}` : s;
}

export function mulMicros(a: bigint, b: bigint): bigint {
  return (a * b) / SCALE;
}

/** Money as every surface writes it (src/shared/money-format.ts: "USD 1234.50"); a dash when absent. */
export function money(value: string | null | undefined, _lang?: string): string {
  if (value === null || value === undefined) return '—';
  return formatMoney(value);
}
