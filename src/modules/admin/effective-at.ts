import { validationError } from '../../shared/errors.js';

/**
 * An announcement's effective instant: `YYYY-MM-DD` means 00:00 of that day in Ecuador (UTC-5);
 * a full ISO 8601 instant with an offset is taken as it is.
 */
export function parseEffectiveAt(value: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const utc = new Date(Date.UTC(y, m - 1, d, 5));
    if (utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d) return utc;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return at;
  }
  throw validationError('effectiveAt', 'must be a date YYYY-MM-DD or an ISO 8601 instant with its offset');
}
