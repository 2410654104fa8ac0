import type { Payment, TaxLine } from '../../../../shared/document-model.js';
import { dec, fixed, sum } from '../../../../shared/money.js';
import { findTaxRate } from '../../../catalogs/index.js';
import {
  FieldErrors,
  nameValueList,
  requiredDate,
  requiredDecimal,
  requiredText,
  SCHEMA_AMOUNT_LIMIT,
} from '../../field-checks.js';
import {
  checkIssueDate,
  checkParty,
  checkPayments,
  compareStated,
  round2,
  TEXT_300,
} from '../common/checks.js';
import type { NameValue } from '../common/schemas.js';
import { TAX_IVA } from '../common/tax-lines.js';
import type { TypeContext } from '../definition.js';
import type { DebitNoteBodyT } from './schema.js';

export interface DebitNoteContent {
  issueDate: string;
  buyer: { idType: string; id: string; name: string; email: string; address: string | null };
  originalDocument: { documentType: string; number: string; issueDate: string };
  reasons: { reason: string; amount: string }[];
  /** totalSinImpuestos = Σ reasons. */
  totalWithoutTaxes: string;
  /** impuestos: one per IVA rate, value = round(base × rate / 100, 2). */
  taxes: TaxLine[];
  /** valorTotal = totalSinImpuestos + Σ taxes. */
  total: string;
  payments: Payment[];
  additionalInfo: NameValue[];
}

/** A debit note charges more on a sale: an invoice (OCA writes codDocModificado 01 always). */
const DEBITABLE_TYPES = new Set(['01']);

/**
 * REFERENCE-TYPES.md §4: Σ reasons = totalSinImpuestos = Σ IVA bases (each reason falls under
 * one rate; the only reading consistent with the real sample), each tax value
 * round(base × rate / 100, 2), valorTotal = subtotal + taxes, payments (optional) adding up to it.
 * Taxes are IVA only: with no quantities, ICE and IRBPNR (per unit) cannot be computed here.
 */
export function computeDebitNote(body: DebitNoteBodyT, ctx: TypeContext): DebitNoteContent {
  const errs = new FieldErrors();
  const issued = checkIssueDate(errs, body.issueDate, ctx.today);
  const buyer = checkParty(errs, 'buyer', body.buyer, { allowFinalConsumer: true, email: true });
  const original = body.originalDocument;
  if (!DEBITABLE_TYPES.has(original.documentType)) {
    errs.add('originalDocument.documentType', 'must be 01 (invoice)');
  }
  const originalDay = requiredDate(errs, 'originalDocument.issueDate', original.issueDate);
  if (originalDay !== null && issued && originalDay > issued.day) {
    errs.add('originalDocument.issueDate', "must not be after the debit note's issue date");
  }
  const reasons = body.reasons.map((r, i) => {
    const reason = requiredText(errs, `reasons[${i}].reason`, r.reason, TEXT_300);
    const amount = requiredDecimal(errs, `reasons[${i}].amount`, r.amount, { maxDecimals: 2 });
    return reason !== null && amount ? { reason, amount: fixed(amount.value) } : null;
  });
  const taxes = checkTaxes(errs, body.taxes);
  let total: ReturnType<typeof dec> | null = null;
  if (taxes && reasons.every((r) => r !== null)) {
    const subtotal = sum(reasons.map((r) => dec(r!.amount)));
    const bases = sum(taxes.map((t) => dec(t.taxableBase)));
    if (!bases.equals(subtotal)) {
      errs.add('taxes', `the tax bases add up to ${fixed(bases)} but the reasons to ${fixed(subtotal)}`);
    } else {
      total = subtotal.plus(sum(taxes.map((t) => dec(t.amount))));
      if (total.greaterThanOrEqualTo(SCHEMA_AMOUNT_LIMIT)) {
        errs.add('reasons', 'the document total exceeds the schema limit of 12 integer digits');
        total = null;
      }
    }
  }
  const payments = body.payments ? checkPayments(errs, 'payments', body.payments, total) : [];
  const additionalInfo = nameValueList(errs, 'additionalInfo', body.additionalInfo, 15);
  errs.throwIfAny();
  const lines = reasons as { reason: string; amount: string }[];
  return {
    issueDate: issued!.text,
    buyer: buyer!,
    originalDocument: { ...original },
    reasons: lines,
    totalWithoutTaxes: fixed(sum(lines.map((r) => dec(r.amount)))),
    taxes: taxes!,
    total: fixed(total!),
    payments: payments!,
    additionalInfo,
  };
}

/** Current IVA rates of the catalog, one line per rateCode, the stated figures checked. */
function checkTaxes(errs: FieldErrors, taxes: DebitNoteBodyT['taxes']): TaxLine[] | null {
  const before = errs.errors.length;
  const seen = new Set<string>();
  const out = taxes.map((t, i): TaxLine | null => {
    const at = `taxes[${i}]`;
    if (t.code !== TAX_IVA) {
      errs.add(`${at}.code`, 'must be 2 (IVA): a debit note has no quantities for ICE or IRBPNR');
      return null;
    }
    if (seen.has(t.rateCode)) errs.add(`${at}.rateCode`, `IVA rate ${t.rateCode} appears more than once`);
    seen.add(t.rateCode);
    const row = findTaxRate(t.code, t.rateCode);
    if (!row) {
      errs.add(`${at}.rateCode`, `unknown tax rate: code ${t.code}, rateCode ${t.rateCode}`);
      return null;
    }
    if (!row.current) {
      errs.add(`${at}.rateCode`, `${row.description} is a historical rate and no longer accepted`);
      return null;
    }
    const rate = requiredDecimal(errs, `${at}.rate`, t.rate, { maxDecimals: 2 });
    if (rate && !rate.value.equals(row.rate))
      errs.add(`${at}.rate`, `must be ${row.rate} for ${row.description}`);
    const base = requiredDecimal(errs, `${at}.taxableBase`, t.taxableBase, { maxDecimals: 2 });
    if (!base) return null;
    const amount = round2(base.value.times(row.rate).dividedBy(100));
    compareStated(errs, `${at}.taxAmount`, t.taxAmount, amount);
    return {
      code: t.code,
      rateCode: t.rateCode,
      rate: fixed(dec(row.rate)),
      taxableBase: fixed(base.value),
      amount: fixed(amount),
    };
  });
  return errs.errors.length > before ? null : (out as TaxLine[]);
}
