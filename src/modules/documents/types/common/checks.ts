import { parseDdMmYyyy } from '../../../../shared/clock.js';
import type { Payment } from '../../../../shared/document-model.js';
import { D, type Dec, dec, fixed, sum } from '../../../../shared/money.js';
import { ID_TYPES, PAYMENT_METHODS, TERM_UNITS } from '../../../catalogs/index.js';
import {
  checkIssueDay,
  dayNumber,
  type FieldErrors,
  finalConsumerWithoutEmail,
  optionalText,
  requiredDate,
  requiredDecimal,
  requiredEmail,
  requiredText,
} from '../../field-checks.js';

/**
 * Field rules the four newer types share. Paths name the body's own members
 * (`FieldError` in src/shared/errors.ts); every check records its error and carries on.
 */

/** The tax authority receives documents up to 129600 minutes (90 days) after their date (error 65). */
const MAX_DAYS_BACK = 90;
export const TEXT_300 = { max: 300 };

export const round2 = (value: Dec): Dec => value.toDecimalPlaces(2, D.ROUND_HALF_UP);

/** Today by default; from 2026 today only, before never in the future and at most 90 days back. */
export function checkIssueDate(
  errs: FieldErrors,
  value: string | undefined,
  today: string,
  path = 'issueDate',
): { text: string; day: number } | null {
  const todayParts = parseDdMmYyyy(today);
  if (!todayParts) throw new Error(`invalid today ${today}`);
  const todayDay = dayNumber(todayParts);
  if (value === undefined || value === null) return { text: today, day: todayDay };
  const day = requiredDate(errs, path, value);
  if (day === null) return null;
  if (!checkIssueDay(errs, path, day, { text: today, day: todayDay }, MAX_DAYS_BACK)) return null;
  return { text: value, day };
}

const ID_RULES = new Map([
  ['04', { re: /^\d{10}001$/, message: 'a RUC (04) is 13 digits ending in 001' }],
  ['05', { re: /^\d{10}$/, message: 'a cédula (05) is 10 digits' }],
  ['07', { re: /^9999999999999$/, message: 'a final consumer (07) is identified as 9999999999999' }],
]);

export interface PartyInput {
  idType: string;
  id: string;
  name: string;
  email?: string;
  address?: string | null;
}

/** A counterpart identified as the schemas' tabla 6 wants it: type, number, name; email when asked. */
export function checkParty(
  errs: FieldErrors,
  path: string,
  party: PartyInput,
  opts: { allowFinalConsumer: boolean; email: boolean },
): { idType: string; id: string; name: string; email: string; address: string | null } | null {
  const before = errs.errors.length;
  const allowed = ID_TYPES.filter((t) => opts.allowFinalConsumer || t.code !== '07');
  if (!allowed.some((t) => t.code === party.idType)) {
    errs.add(
      `${path}.idType`,
      `must be one of ${allowed.map((t) => `${t.code} (${t.description})`).join(', ')}`,
    );
  }
  const id = requiredText(errs, `${path}.id`, party.id, { max: 20 });
  const rule = ID_RULES.get(party.idType);
  if (id !== null && rule && !rule.re.test(id)) errs.add(`${path}.id`, rule.message);
  const name = requiredText(errs, `${path}.name`, party.name, TEXT_300);
  const email =
    opts.email && !finalConsumerWithoutEmail(party) ? requiredEmail(errs, `${path}.email`, party.email) : '';
  const address = optionalText(errs, `${path}.address`, party.address, TEXT_300);
  if (errs.errors.length > before) return null;
  return { idType: party.idType, id: id!, name: name!, email: email!, address };
}

export interface PaymentInput {
  method: string;
  total: string;
  term?: string | null;
  termUnit?: string | null;
}

/** Payments (formaPago tabla 24), plazo and unidadTiempo only together, adding up to `total`. */
export function checkPayments(
  errs: FieldErrors,
  path: string,
  payments: PaymentInput[],
  total: Dec | null,
  opts: { terms: boolean } = { terms: true },
): Payment[] | null {
  const before = errs.errors.length;
  const out = payments.map((p, i): Payment => {
    const at = `${path}[${i}]`;
    if (!PAYMENT_METHODS.some((m) => m.code === p.method)) {
      errs.add(`${at}.method`, `must be one of ${PAYMENT_METHODS.map((m) => m.code).join(', ')} (tabla 24)`);
    }
    const amount = requiredDecimal(errs, `${at}.total`, p.total, { maxDecimals: 2 });
    const hasTerm = p.term !== undefined && p.term !== null;
    const hasUnit = p.termUnit !== undefined && p.termUnit !== null;
    if (!opts.terms && (hasTerm || hasUnit)) errs.add(`${at}.term`, 'this document has no payment terms');
    if (hasTerm !== hasUnit)
      errs.add(`${at}.${hasTerm ? 'termUnit' : 'term'}`, 'term and termUnit go together');
    const term = hasTerm ? requiredDecimal(errs, `${at}.term`, p.term, { maxDecimals: 2 }) : null;
    if (hasUnit && !TERM_UNITS.some((u) => u.code === p.termUnit)) {
      errs.add(`${at}.termUnit`, `must be one of ${TERM_UNITS.map((u) => u.code).join(', ')}`);
    }
    return {
      method: p.method,
      total: amount ? fixed(amount.value) : '',
      term: term?.normalized ?? null,
      termUnit: hasUnit ? p.termUnit! : null,
    };
  });
  // A wrong method or term leaves the amounts good for the check against the total.
  if (out.some((p) => p.total === '')) return null;
  if (total !== null) {
    const paid = sum(out.map((p) => dec(p.total)));
    if (!paid.equals(total)) {
      errs.add(path, `payments add up to ${fixed(paid)} but the total is ${fixed(total)}`, fixed(total));
      return null;
    }
  }
  return errs.errors.length > before ? null : out;
}

/** A stated amount must equal the computed one at 2 decimals. */
export function compareStated(errs: FieldErrors, path: string, stated: unknown, expected: Dec): boolean {
  const given = requiredDecimal(errs, path, stated, { maxDecimals: 2 });
  if (!given) return false;
  if (!given.value.equals(expected)) {
    errs.add(path, `expected ${fixed(expected)}, got ${String(stated)}`, fixed(expected));
    return false;
  }
  return true;
}

/** DD/MM/YYYY → ISO YYYY-MM-DD (for comparisons with catalog validity dates). */
export function isoOf(ddMmYyyy: string): string {
  const [d, m, y] = ddMmYyyy.split('/');
  return `${y}-${m}-${d}`;
}
