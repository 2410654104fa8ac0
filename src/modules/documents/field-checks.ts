import { parseDdMmYyyy } from '../../shared/clock.js';
import { AppError, type FieldError } from '../../shared/errors.js';
import { type Dec, dec } from '../../shared/money.js';
import { illegalCharIndex } from '../../shared/text.js';

/**
 * Field rules every document type's compute shares (types/<slug>/compute.ts and
 * types/common/sales-compute.ts; the pipeline reads SAME_DAY_TRANSMISSION_FROM). Every check records
 * its error and carries on, so a client sees all of its mistakes in one VALIDATION_FAILED.
 */
export class FieldErrors {
  readonly errors: FieldError[] = [];

  /** `expected`: the computed value a stated figure must equal (the dry run corrects with it). */
  add(path: string, message: string, expected?: string): void {
    this.errors.push(expected === undefined ? { path, message } : { path, message, expected });
  }

  throwIfAny(): void {
    if (this.errors.length === 0) return;
    const detail = this.errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    throw new AppError('VALIDATION_FAILED', detail, { errors: this.errors });
  }
}

export interface TextRule {
  max: number;
  /** The schema's `[^\n]*` pattern: most fields are single-line; campoAdicional and detAdicional are not. */
  multiLine?: boolean;
}

/** A required text field: present, not blank, XML-safe, within the schema's length (in characters). */
export function requiredText(errs: FieldErrors, path: string, value: unknown, rule: TextRule): string | null {
  if (typeof value !== 'string' || value.trim() === '') {
    errs.add(path, 'is required and must not be blank');
    return null;
  }
  return checkText(errs, path, value, rule);
}

/** An optional text field: absent (undefined or null) gives null; given, it obeys the same rules. */
export function optionalText(errs: FieldErrors, path: string, value: unknown, rule: TextRule): string | null {
  if (value === undefined || value === null) return null;
  return requiredText(errs, path, value, rule);
}

function checkText(errs: FieldErrors, path: string, value: string, rule: TextRule): string | null {
  if (illegalCharIndex(value) >= 0) {
    errs.add(path, 'must not contain control characters');
    return null;
  }
  if (!rule.multiLine && /[\r\n]/.test(value)) {
    errs.add(path, 'must be a single line (no line breaks)');
    return null;
  }
  const length = [...value].length;
  if (length > rule.max) {
    errs.add(path, `must be at most ${rule.max} characters (got ${length})`);
    return null;
  }
  return value;
}

/** Schema limits: money is totalDigits 14 / fractionDigits 2, quantity and unit price 18 / 6. */
const MAX_INTEGER_DIGITS = 12;
/** Computed amounts (line totals, the document total) must stay below this to fit the schema. */
export const SCHEMA_AMOUNT_LIMIT = dec(`1e${MAX_INTEGER_DIGITS}`);

export interface DecimalRule {
  maxDecimals: 2 | 6;
  /** Zero refused (quantity). */
  positive?: boolean;
}

/** A non-negative plain decimal string (no sign, no exponent) within the schema's digits. */
export function requiredDecimal(
  errs: FieldErrors,
  path: string,
  value: unknown,
  rule: DecimalRule,
): { value: Dec; normalized: string } | null {
  const m = typeof value === 'string' ? /^(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!m) {
    errs.add(path, 'must be a non-negative decimal string such as "12.50"');
    return null;
  }
  const fraction = m[2] ?? '';
  if (fraction.length > rule.maxDecimals) {
    errs.add(path, `must have at most ${rule.maxDecimals} decimals`);
    return null;
  }
  if (m[1]!.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) {
    errs.add(path, `must have at most ${MAX_INTEGER_DIGITS} digits before the decimal point (schema limit)`);
    return null;
  }
  const parsed = dec(value as string);
  if (rule.positive && parsed.isZero()) {
    errs.add(path, 'must be greater than 0');
    return null;
  }
  // Normalised as given: leading zeros dropped, the client's decimals kept ("1.50" stays "1.50").
  return { value: parsed, normalized: parsed.toFixed(fraction.length) };
}

/** A money amount (≥ 0, at most 2 decimals); absent gives zero. */
export function optionalMoney(errs: FieldErrors, path: string, value: unknown): Dec | null {
  if (value === undefined || value === null) return dec(0);
  return requiredDecimal(errs, path, value, { maxDecimals: 2 })?.value ?? null;
}

/** A real calendar date DD/MM/YYYY, as a day number (days since 1970-01-01) for comparisons. */
export function requiredDate(errs: FieldErrors, path: string, value: unknown): number | null {
  const parts = typeof value === 'string' ? parseDdMmYyyy(value) : null;
  if (!parts) {
    errs.add(path, 'must be a real date in the form DD/MM/YYYY');
    return null;
  }
  // The schemas' fechaType only admits years 2000-2099.
  if (parts.year < 2000 || parts.year > 2099) {
    errs.add(path, 'must be a date between the years 2000 and 2099');
    return null;
  }
  return dayNumber(parts);
}

export function dayNumber(parts: { year: number; month: number; day: number }): number {
  return Date.UTC(parts.year, parts.month - 1, parts.day) / 86_400_000;
}

/**
 * From 01/01/2026 a document reaches the tax authority on its issue date (REFERENCE-PURCHASES.md
 * §5: the 4-business-day transmission window was removed; the simulator answers 65 otherwise).
 */
export const SAME_DAY_TRANSMISSION_FROM = '2026-01-01';
const SAME_DAY_FROM_DAY = dayNumber({ year: 2026, month: 1, day: 1 });

/**
 * The issue date rule of every type but the credit note (always today): from 01/01/2026 today
 * only; before, not in the future and at most `maxDaysBack` days back. True when it holds.
 */
export function checkIssueDay(
  errs: FieldErrors,
  path: string,
  day: number,
  today: { text: string; day: number },
  maxDaysBack: number,
): boolean {
  if (today.day >= SAME_DAY_FROM_DAY && day !== today.day) {
    errs.add(
      path,
      `must be today (${today.text}): from 01/01/2026 a document reaches the tax authority on its issue date (error 65 otherwise)`,
    );
    return false;
  }
  if (day > today.day) {
    errs.add(path, `must not be in the future (today is ${today.text})`);
    return false;
  }
  if (today.day - day > maxDaysBack) {
    errs.add(path, `must be at most ${maxDaysBack} days before today (the tax authority's tolerance)`);
    return false;
  }
  return true;
}

/** A final consumer (07) has no email by definition: none is asked, none is sent. Other buyers must give one. */
export function finalConsumerWithoutEmail(buyer: { idType: string; email?: string | null }): boolean {
  return buyer.idType === '07' && (buyer.email === undefined || buyer.email === null || buyer.email === '');
}

const EMAIL_RE = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function requiredEmail(errs: FieldErrors, path: string, value: unknown): string | null {
  const email = requiredText(errs, path, value, { max: 254 });
  if (email !== null && !EMAIL_RE.test(email)) {
    errs.add(path, 'must be a valid email address');
    return null;
  }
  return email;
}

/** infoAdicional and detallesAdicionales: `{name, value}` pairs, each 1-300 characters. */
export function nameValueList(
  errs: FieldErrors,
  path: string,
  list: unknown,
  maxEntries: number,
): { name: string; value: string }[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    errs.add(path, 'must be a list of {name, value}');
    return [];
  }
  if (list.length > maxEntries)
    errs.add(path, `must have at most ${maxEntries} entries (got ${list.length})`);
  const out: { name: string; value: string }[] = [];
  list.forEach((entry: { name?: unknown; value?: unknown } | null, i) => {
    const name = requiredText(errs, `${path}[${i}].name`, entry?.name, { max: 300, multiLine: true });
    const value = requiredText(errs, `${path}[${i}].value`, entry?.value, { max: 300, multiLine: true });
    if (name !== null && value !== null) out.push({ name, value });
  });
  return out;
}
