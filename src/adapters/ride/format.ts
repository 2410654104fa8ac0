import { ECUADOR_OFFSET_MINUTES, ecuadorDate, parseDdMmYyyy } from '../../shared/clock.js';

/** ISO 8601 date-time with an explicit offset or Z, as the authorization service returns it. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses the authorization timestamp; throws when it has no offset (its instant would be a guess). */
export function parseAuthorizationDate(iso: string): Date {
  const date = new Date(iso);
  if (!ISO_WITH_OFFSET.test(iso) || Number.isNaN(date.getTime())) {
    throw new Error(`RIDE: authorization date must be ISO 8601 with an offset, got "${iso}"`);
  }
  return date;
}

/** DD/MM/YYYY HH:mm:ss in America/Guayaquil (UTC-5 all year), whatever offset the input had. */
export function formatEcuadorDateTime(date: Date): string {
  const local = new Date(date.getTime() + ECUADOR_OFFSET_MINUTES * 60_000);
  const time = local.toISOString().slice(11, 19);
  return `${ecuadorDate(date)} ${time}`;
}

/** Midnight of a DD/MM/YYYY issue date in Ecuador, as an instant (the PDF's creation date for drafts). */
export function issueDateInstant(ddMmYyyy: string): Date {
  const parts = parseDdMmYyyy(ddMmYyyy);
  if (!parts) throw new Error(`RIDE: issue date must be DD/MM/YYYY, got "${ddMmYyyy}"`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - ECUADOR_OFFSET_MINUTES * 60_000);
}

/** A tarifa as people write it: "15.00" -> "15", "12.50" -> "12.5". */
export function formatRate(rate: string): string {
  if (!rate.includes('.')) return rate;
  return rate.replace(/0+$/, '').replace(/\.$/, '');
}
