import type { RowError } from './csv-table.js';
import { AppError } from './errors.js';
import { illegalCharIndex } from './text.js';

/**
 * Field checks of saved customers and products, shared by their JSON bodies and their CSV rows:
 * each error carries the field, a stable code (the web app words it in Spanish or English) and an
 * English message. A JSON body turns them into one VALIDATION_FAILED (`errors[].path` = field).
 */
export class RowErrors {
  readonly list: RowError[] = [];

  add(field: string, code: RowError['code'], message: string): null {
    this.list.push({ field, code, message });
    return null;
  }

  has(field: string): boolean {
    return this.list.some((e) => e.field === field || e.field.startsWith(`${field}[`));
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const errors = this.list.map((e) => ({ path: e.field, message: e.message }));
    throw new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
      errors,
    });
  }
}

/** A single-line text of at most `max` characters; blank is null (or REQUIRED when required). */
export function textField(
  errs: RowErrors,
  field: string,
  raw: string | null | undefined,
  max: number,
  required = false,
): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return required ? errs.add(field, 'REQUIRED', 'is required') : null;
  if (illegalCharIndex(value) >= 0 || /[\r\n]/.test(value))
    return errs.add(field, 'INVALID_FORMAT', 'must be a single line without control characters');
  const length = [...value].length;
  if (length > max) return errs.add(field, 'TOO_LONG', `must be at most ${max} characters (got ${length})`);
  return value;
}

const EMAIL_RE = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function emailField(errs: RowErrors, field: string, raw: string | null | undefined): string | null {
  const value = textField(errs, field, raw, 254);
  if (value !== null && !EMAIL_RE.test(value))
    return errs.add(field, 'INVALID_FORMAT', 'must be a valid email address');
  return value;
}

/**
 * A non-negative decimal with at most `maxDecimals` decimals and 12 integer digits (the tax
 * authority's schema limits for unit prices), normalized as given: leading zeros dropped, the
 * decimals kept ("007.50" is "7.50").
 */
export function decimalField(
  errs: RowErrors,
  field: string,
  raw: string | null | undefined,
  maxDecimals: number,
): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return errs.add(field, 'REQUIRED', 'is required');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return errs.add(field, 'INVALID_FORMAT', 'must be a non-negative decimal such as "12.50"');
  if ((m[2] ?? '').length > maxDecimals)
    return errs.add(field, 'INVALID_FORMAT', `must have at most ${maxDecimals} decimals`);
  const integer = m[1]!.replace(/^0+(?=\d)/, '');
  if (integer.length > 12) return errs.add(field, 'INVALID_FORMAT', 'must have at most 12 integer digits');
  return m[2] === undefined ? integer : `${integer}.${m[2]}`;
}

/** Lower case without accents: what searches compare ("José" matches "jose"). */
export function searchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A LIKE pattern matching `value` literally. */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
