import { ddMmYyyyToIso, parseDdMmYyyy } from '../../../../shared/clock.js';
import type {
  Buyer,
  CreditNoteReference,
  DocumentModel,
  ItemLine,
  Payment,
  Totals,
} from '../../../../shared/document-model.js';
import { type Dec, dec, fixed, sum } from '../../../../shared/money.js';
import { ID_TYPES, PAYMENT_METHODS, TERM_UNITS } from '../../../catalogs/index.js';
import {
  checkIssueDay,
  dayNumber,
  FieldErrors,
  finalConsumerWithoutEmail,
  nameValueList,
  optionalMoney,
  optionalText,
  requiredDate,
  requiredDecimal,
  requiredEmail,
  requiredText,
  SCHEMA_AMOUNT_LIMIT,
} from '../../field-checks.js';
import {
  FINAL_CONSUMER_ID_TYPE,
  FINAL_CONSUMER_RULE_FROM,
  FINAL_CONSUMER_RULE_TEXT,
} from '../../void-rules.js';
import { checkItem, type RateContext } from './item-checks.js';
import type {
  BuyerInput,
  CreditNoteInput,
  DocumentInput,
  InvoiceInput,
  PaymentInput,
} from './sales-input.js';
import { aggregateTotals } from './tax-lines.js';

/** The rules and figures of the invoice (01) and the credit note (04): one body shape, one computation. */

/** Everything of a document that comes from the request; the service adds issuer, key and sequential. */
export type DocumentContent = Omit<
  DocumentModel,
  'documentType' | 'environment' | 'accessKey' | 'sequential' | 'issuer'
>;

/** The tax authority receives documents up to 129600 minutes (90 days) after their date (error 65). */
const MAX_DAYS_BACK = 90;
/** Anonymous sales to a final consumer are capped at USD 50 (decisions.md, Invoice body). */
const FINAL_CONSUMER_LIMIT = dec('50.00');
const ADDITIONAL_INFO_MAX = 15;
const TEXT_300 = { max: 300 };
/** A credit note corrects a sale: an invoice, a purchase settlement or a debit note (tabla 3). */
const CREDITABLE_TYPES = new Set(['01', '03', '05']);
const BUYER_ID_RULES = new Map([
  ['04', { re: /^\d{10}001$/, message: 'a RUC (04) is 13 digits ending in 001' }],
  ['05', { re: /^\d{10}$/, message: 'a cédula (05) is 10 digits' }],
  ['07', { re: /^9999999999999$/, message: 'a final consumer (07) is identified as 9999999999999' }],
]);

/** What is wrong with a buyer's identification for its type, or null (saved customers check the same). */
export function buyerIdProblem(idType: string, id: string): string | null {
  const rule = BUYER_ID_RULES.get(idType);
  return rule && !rule.re.test(id) ? rule.message : null;
}

/**
 * Checks the meaning of a body whose shape the route's schema already checked (types, required
 * members), and computes every figure of the document with decimal arithmetic.
 * All field errors are collected into one VALIDATION_FAILED (paths like `items[0].taxes[1].taxAmount`).
 * Quantities and unit prices keep the decimals the client gave (at most 6, leading zeros dropped);
 * every amount has exactly 2 decimals.
 */
export function computeDocumentContent(input: DocumentInput, opts: { today: string }): DocumentContent {
  const todayParts = parseDdMmYyyy(opts.today);
  if (!todayParts) throw new Error(`computeDocumentContent: invalid today ${opts.today}`);
  const errs = new FieldErrors();
  const isInvoice = input.documentType === '01';
  const issueDate = checkIssueDate(errs, input, opts.today, dayNumber(todayParts));
  const buyer = checkBuyer(errs, input.buyer, isInvoice);
  const items = checkItems(errs, input.items, { creditedIssueDate: creditedIssueDate(input) });
  const additionalInfo = nameValueList(errs, 'additionalInfo', input.additionalInfo, ADDITIONAL_INFO_MAX);
  const creditNote =
    input.documentType === '04'
      ? checkCreditNote(errs, input, issueDate?.day ?? null, issueDate ? ddMmYyyyToIso(issueDate.text) : null)
      : null;
  const tip = isInvoice ? optionalMoney(errs, 'tip', (input as InvoiceInput).tip) : dec(0);
  const payments = isInvoice ? checkPayments(errs, (input as InvoiceInput).payments) : [];

  let totals: Totals | null = null;
  if (items && tip) {
    totals = aggregateTotals(items, fixed(tip));
    const total = dec(totals.total);
    if (total.greaterThanOrEqualTo(SCHEMA_AMOUNT_LIMIT)) {
      errs.add('items', 'the document total exceeds the schema limit of 12 integer digits');
    } else {
      checkTotal(errs, input, total, payments);
    }
  }
  errs.throwIfAny();
  return {
    issueDate: issueDate!.text,
    buyer: buyer!,
    items: items!,
    totals: totals!,
    payments: payments!,
    creditNote,
    additionalInfo,
  };
}

/** The rules on the total: the final consumer's cap and, on invoices, payments that add up to it. */
function checkTotal(errs: FieldErrors, input: DocumentInput, total: Dec, payments: Payment[] | null): void {
  if (input.buyer?.idType === '07' && total.greaterThan(FINAL_CONSUMER_LIMIT)) {
    errs.add(
      'buyer.idType',
      `a final consumer (07) document may not exceed USD 50.00 (total ${fixed(total)}); identify the buyer`,
    );
  }
  if (input.documentType === '01' && payments) {
    const paid = sum(payments.map((p) => dec(p.total)));
    if (!paid.equals(total)) {
      errs.add(
        'payments',
        `payments add up to ${fixed(paid)} but the invoice total is ${fixed(total)}`,
        fixed(total),
      );
    }
  }
}

/** Invoices: today by default, from 2026 today only (before: at most 90 days back). Credit notes: today only. */
function checkIssueDate(
  errs: FieldErrors,
  input: DocumentInput,
  today: string,
  todayDay: number,
): { text: string; day: number } | null {
  if (input.issueDate === undefined || input.issueDate === null) return { text: today, day: todayDay };
  const day = requiredDate(errs, 'issueDate', input.issueDate);
  if (day === null) return null;
  if (input.documentType === '04') {
    if (day !== todayDay) errs.add('issueDate', `a credit note must be dated today (${today})`);
  } else {
    checkIssueDay(errs, 'issueDate', day, { text: today, day: todayDay }, MAX_DAYS_BACK);
  }
  return { text: input.issueDate, day };
}

function checkBuyer(errs: FieldErrors, buyer: BuyerInput, isInvoice: boolean): Buyer | null {
  const before = errs.errors.length;
  if (!ID_TYPES.some((t) => t.code === buyer.idType)) {
    errs.add(
      'buyer.idType',
      `must be one of ${ID_TYPES.map((t) => `${t.code} (${t.description})`).join(', ')}`,
    );
  }
  const id = requiredText(errs, 'buyer.id', buyer.id, { max: 20 });
  const idProblem = id === null ? null : buyerIdProblem(buyer.idType, id);
  if (idProblem) errs.add('buyer.id', idProblem);
  const name = requiredText(errs, 'buyer.name', buyer.name, TEXT_300);
  const email = finalConsumerWithoutEmail(buyer) ? '' : requiredEmail(errs, 'buyer.email', buyer.email);
  const address = optionalText(errs, 'buyer.address', buyer.address, TEXT_300);
  // The phone is not part of either schema; it only reaches the RIDE, hence a modest limit.
  const phone = isInvoice
    ? optionalText(errs, 'buyer.phone', (buyer as { phone?: unknown }).phone, { max: 50 })
    : null;
  if (errs.errors.length > before) return null;
  return { idType: buyer.idType, id: id!, name: name!, email: email!, address, phone };
}

/** A credit note's originalDocument.issueDate as ISO when it is a valid date (checkCreditNote reports it otherwise). */
function creditedIssueDate(input: DocumentInput): string | null {
  if (input.documentType !== '04') return null;
  const date = (input as CreditNoteInput).originalDocument?.issueDate;
  return typeof date === 'string' && parseDdMmYyyy(date) ? ddMmYyyyToIso(date) : null;
}

function checkItems(
  errs: FieldErrors,
  items: DocumentInput['items'],
  context: RateContext,
): ItemLine[] | null {
  if (items.length === 0) {
    errs.add('items', 'at least one item is required');
    return null;
  }
  const lines = items.map((item, i) => checkItem(errs, `items[${i}]`, item, context));
  return lines.every((l) => l !== null) ? (lines as ItemLine[]) : null;
}

function checkCreditNote(
  errs: FieldErrors,
  input: CreditNoteInput,
  issueDay: number | null,
  issueDayIso: string | null,
): CreditNoteReference | null {
  const before = errs.errors.length;
  const original = input.originalDocument;
  if (!CREDITABLE_TYPES.has(original.documentType)) {
    errs.add(
      'originalDocument.documentType',
      'must be 01 (invoice), 03 (purchase settlement) or 05 (debit note)',
    );
  }
  if (!/^\d{3}-\d{3}-\d{9}$/.test(original.number)) {
    errs.add('originalDocument.number', 'must look like 001-001-000000123 (NNN-NNN-NNNNNNNNN)');
  }
  const originalDay = requiredDate(errs, 'originalDocument.issueDate', original.issueDate);
  if (originalDay !== null && issueDay !== null && originalDay > issueDay) {
    errs.add('originalDocument.issueDate', "must not be after the credit note's issue date");
  }
  if (
    input.buyer?.idType === FINAL_CONSUMER_ID_TYPE &&
    issueDayIso !== null &&
    issueDayIso >= FINAL_CONSUMER_RULE_FROM
  ) {
    errs.add(
      'buyer.idType',
      `a credit note cannot be issued to a final consumer: ${FINAL_CONSUMER_RULE_TEXT}`,
    );
  }
  const reason = requiredText(errs, 'motivo', input.motivo, TEXT_300);
  if (errs.errors.length > before) return null;
  return {
    originalDocumentType: original.documentType,
    originalNumber: original.number,
    originalIssueDate: original.issueDate,
    reason: reason!,
  };
}

/** At least one payment; method from tabla 24; plazo and unidadTiempo only together. */
function checkPayments(errs: FieldErrors, payments: PaymentInput[]): Payment[] | null {
  if (payments.length === 0) {
    errs.add('payments', 'at least one payment is required');
    return null;
  }
  const out = payments.map((p, i): Payment => {
    const at = `payments[${i}]`;
    if (!PAYMENT_METHODS.some((m) => m.code === p.method)) {
      errs.add(`${at}.method`, `must be one of ${PAYMENT_METHODS.map((m) => m.code).join(', ')} (tabla 24)`);
    }
    const total = requiredDecimal(errs, `${at}.total`, p.total, { maxDecimals: 2 });
    const hasTerm = p.term !== undefined && p.term !== null;
    const hasUnit = p.termUnit !== undefined && p.termUnit !== null;
    if (hasTerm !== hasUnit)
      errs.add(`${at}.${hasTerm ? 'termUnit' : 'term'}`, 'term and termUnit go together');
    const term = hasTerm ? requiredDecimal(errs, `${at}.term`, p.term, { maxDecimals: 2 }) : null;
    if (hasUnit && !TERM_UNITS.some((u) => u.code === p.termUnit)) {
      errs.add(`${at}.termUnit`, `must be one of ${TERM_UNITS.map((u) => u.code).join(', ')}`);
    }
    return {
      method: p.method,
      total: total ? fixed(total.value) : '',
      term: term?.normalized ?? null,
      termUnit: hasUnit ? p.termUnit! : null,
    };
  });
  // A wrong method or term leaves the amounts good for the check against the total.
  return out.some((p) => p.total === '') ? null : out;
}
