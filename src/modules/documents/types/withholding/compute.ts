import type { Payment, TaxLine } from '../../../../shared/document-model.js';
import { type Dec, dec, fixed, sum } from '../../../../shared/money.js';
import {
  describeValidity,
  findTaxRate,
  findWithholdingCode,
  isRateInForceOn,
  SUPPORT_CODES,
  validityText,
} from '../../../catalogs/index.js';
import {
  FieldErrors,
  nameValueList,
  requiredDate,
  requiredDecimal,
  SCHEMA_AMOUNT_LIMIT,
} from '../../field-checks.js';
import { checkIssueDate, checkParty, checkPayments, compareStated, isoOf, round2 } from '../common/checks.js';
import type { NameValue } from '../common/schemas.js';
import { TAX_IVA } from '../common/tax-lines.js';
import type { TypeContext } from '../definition.js';
import type { WithholdingBodyT } from './schema.js';

interface WithholdingLine {
  /** codigo: 1 renta, 2 IVA, 6 ISD. */
  code: string;
  withholdingCode: string;
  taxableBase: string;
  rate: string;
  amount: string;
}

export interface SupportingDocument {
  supportCode: string;
  documentType: string;
  /** NNN-NNN-NNNNNNNNN as given; the XML writes it without dashes. */
  number: string;
  issueDate: string;
  accountingDate: string | null;
  authorizationNumber: string | null;
  paymentResidence: '01' | '02';
  foreignPayment: {
    regimeType: string;
    countryCode: string;
    doubleTaxTreaty: boolean;
    subjectToWithholding: boolean | null;
    preferentialRegime: boolean;
  } | null;
  totalWithoutTaxes: string;
  total: string;
  taxes: TaxLine[];
  withholdings: WithholdingLine[];
  payments: Payment[];
}

export interface WithholdingContent {
  issueDate: string;
  /** MM/YYYY. */
  fiscalPeriod: string;
  subject: {
    idType: string;
    id: string;
    name: string;
    email: string;
    /** tipoSujetoRetenido, only for foreign subjects (08). */
    subjectType: string | null;
    relatedParty: boolean;
  };
  supportingDocuments: SupportingDocument[];
  /** Σ valorRetenido: not in the XML (no element for it), shown by the RIDE and the list. */
  totalWithheld: string;
  additionalInfo: NameValue[];
}

const TAX_RENTA = '1';
/** Reimbursements (41) need the reembolsos block, left out of this version. */
const UNSUPPORTED_SUPPORT_TYPES = new Set(['41']);
/** contribuyenteEspecial is 3-5 characters in the 2.0.0 schema (3-13 elsewhere). */
const SPECIAL_TAXPAYER_RE = /^[A-Za-z0-9]{3,5}$/;

/**
 * The rules of REFERENCE-TYPES.md §2: each supporting document's totals (importeTotal =
 * totalSinImpuestos + Σ valorImpuesto, payments adding up to it), and per withholding
 * amount = round(base × rate / 100, 2) half-up, with the rate of the catalog row in force on the
 * issue date; the IVA withholding is levied on the document's VAT, renta on its taxable base.
 */
export function computeWithholding(body: WithholdingBodyT, ctx: TypeContext): WithholdingContent {
  const errs = new FieldErrors();
  const issued = checkIssueDate(errs, body.issueDate, ctx.today);
  if (ctx.issuer.specialTaxpayer !== null && !SPECIAL_TAXPAYER_RE.test(ctx.issuer.specialTaxpayer)) {
    errs.add(
      'issuer.specialTaxpayer',
      'the withholding schema 2.0.0 takes a contribuyenteEspecial of 3 to 5 letters or digits',
    );
  }
  const fiscalPeriod = checkFiscalPeriod(errs, body.fiscalPeriod, issued?.text ?? null);
  const party = checkParty(errs, 'subject', body.subject, { allowFinalConsumer: false, email: true });
  const subjectType = body.subject.subjectType ?? null;
  if (body.subject.idType === '08' && subjectType === null) {
    errs.add('subject.subjectType', 'is required for a foreign subject (idType 08): 01 or 02');
  } else if (subjectType !== null && subjectType !== '01' && subjectType !== '02') {
    errs.add('subject.subjectType', 'must be 01 (natural person) or 02 (company)');
  }
  const docs = body.supportingDocuments.map((doc, i) =>
    checkSupportingDocument(errs, `supportingDocuments[${i}]`, doc, issued),
  );
  const additionalInfo = nameValueList(errs, 'additionalInfo', body.additionalInfo, 15);
  errs.throwIfAny();
  const supportingDocuments = docs as SupportingDocument[];
  return {
    issueDate: issued!.text,
    fiscalPeriod: fiscalPeriod!,
    subject: { ...party!, subjectType, relatedParty: body.subject.relatedParty },
    supportingDocuments,
    totalWithheld: fixed(sum(supportingDocuments.flatMap((d) => d.withholdings.map((w) => dec(w.amount))))),
    additionalInfo,
  };
}

/** periodoFiscal is the month of the issue date (every real sample; OCA derives it the same way). */
function checkFiscalPeriod(
  errs: FieldErrors,
  value: string | undefined,
  issueDate: string | null,
): string | null {
  if (issueDate === null) return null;
  const expected = issueDate.slice(3);
  if (value === undefined) return expected;
  if (value !== expected) {
    errs.add('fiscalPeriod', `must be the month of the issue date (${expected})`);
    return null;
  }
  return value;
}

type DocBody = WithholdingBodyT['supportingDocuments'][number];

function checkSupportingDocument(
  errs: FieldErrors,
  at: string,
  doc: DocBody,
  issued: { text: string; day: number } | null,
): SupportingDocument | null {
  const before = errs.errors.length;
  if (!SUPPORT_CODES.some((c) => c.code === doc.supportCode)) {
    errs.add(`${at}.supportCode`, 'must be a codSustento 00-15 (GET /v1/catalogs/support-codes)');
  }
  if (UNSUPPORTED_SUPPORT_TYPES.has(doc.documentType)) {
    errs.add(`${at}.documentType`, 'reimbursement documents (41) are not supported');
  }
  const docDay = requiredDate(errs, `${at}.issueDate`, doc.issueDate);
  if (docDay !== null && issued && docDay > issued.day) {
    errs.add(`${at}.issueDate`, "must not be after the withholding's issue date");
  }
  const accountingDate = doc.accountingDate ?? null;
  if (accountingDate !== null) {
    const day = requiredDate(errs, `${at}.accountingDate`, accountingDate);
    if (day !== null && docDay !== null && day < docDay) {
      errs.add(`${at}.accountingDate`, "must not be before the supporting document's issue date");
    }
  }
  const foreignPayment = checkResidence(errs, at, doc);

  const base = requiredDecimal(errs, `${at}.totalWithoutTaxes`, doc.totalWithoutTaxes, { maxDecimals: 2 });
  const taxes = checkTaxes(errs, `${at}.taxes`, doc.taxes, docDay === null ? null : isoOf(doc.issueDate));
  let total: Dec | null = null;
  let vat: Dec | null = null;
  if (base && taxes) {
    const ivaBases = taxes.filter((t) => t.code === TAX_IVA).map((t) => dec(t.taxableBase));
    if (ivaBases.length > 0 && !sum(ivaBases).equals(base.value)) {
      errs.add(`${at}.totalWithoutTaxes`, `must equal the sum of the IVA bases (${fixed(sum(ivaBases))})`);
    }
    vat = sum(taxes.filter((t) => t.code === TAX_IVA).map((t) => dec(t.amount)));
    const computed = base.value.plus(sum(taxes.map((t) => dec(t.amount))));
    if (computed.greaterThanOrEqualTo(SCHEMA_AMOUNT_LIMIT)) {
      errs.add(`${at}.total`, 'exceeds the schema limit of 12 integer digits');
    } else if (compareStated(errs, `${at}.total`, doc.total, computed)) {
      total = computed;
    }
  }
  const withholdings = doc.withholdings.map((w, j) =>
    checkWithholding(errs, `${at}.withholdings[${j}]`, w, {
      isoDate: issued ? isoOf(issued.text) : null,
      base: base?.value ?? null,
      vat,
      total,
    }),
  );
  checkWithheldBases(errs, at, doc.withholdings, { base: base?.value ?? null, vat });
  const payments = checkPayments(errs, `${at}.payments`, doc.payments, total, { terms: false });
  if (errs.errors.length > before) return null;
  return {
    supportCode: doc.supportCode,
    documentType: doc.documentType,
    number: doc.number,
    issueDate: doc.issueDate,
    accountingDate,
    authorizationNumber: doc.authorizationNumber ?? null,
    paymentResidence: doc.paymentResidence as '01' | '02',
    foreignPayment,
    totalWithoutTaxes: fixed(base!.value),
    total: fixed(total!),
    taxes: taxes!,
    withholdings: withholdings as WithholdingLine[],
    payments: payments!,
  };
}

function checkResidence(errs: FieldErrors, at: string, doc: DocBody): SupportingDocument['foreignPayment'] {
  const fp = doc.foreignPayment ?? null;
  if (doc.paymentResidence !== '01' && doc.paymentResidence !== '02') {
    errs.add(`${at}.paymentResidence`, 'must be 01 (resident) or 02 (non-resident)');
    return null;
  }
  if (doc.paymentResidence === '01') {
    if (fp !== null) errs.add(`${at}.foreignPayment`, 'only applies to paymentResidence 02');
    return null;
  }
  if (fp === null) {
    errs.add(`${at}.foreignPayment`, 'is required for a payment abroad (paymentResidence 02)');
    return null;
  }
  if (!['01', '02', '03'].includes(fp.regimeType)) {
    errs.add(`${at}.foreignPayment.regimeType`, 'must be 01 (general), 02 (tax haven) or 03 (preferential)');
  }
  const subjectToWithholding = fp.subjectToWithholding ?? null;
  if (!fp.doubleTaxTreaty && subjectToWithholding === null) {
    errs.add(
      `${at}.foreignPayment.subjectToWithholding`,
      'is required when no double-taxation treaty applies',
    );
  }
  return {
    regimeType: fp.regimeType,
    countryCode: fp.countryCode,
    doubleTaxTreaty: fp.doubleTaxTreaty,
    subjectToWithholding: fp.doubleTaxTreaty ? null : subjectToWithholding,
    preferentialRegime: fp.preferentialRegime,
  };
}

/**
 * The supplier document's taxes as it states them: a known (code, rateCode) with its catalog rate,
 * in force on that document's own issue date (a historical rate for an old document, never an
 * ended one for a recent document), value = round(base × rate / 100) for IVA. One line per
 * (code, rateCode).
 */
function checkTaxes(
  errs: FieldErrors,
  path: string,
  taxes: DocBody['taxes'],
  docIsoDate: string | null,
): TaxLine[] | null {
  const before = errs.errors.length;
  const seen = new Set<string>();
  const out = taxes.map((t, i): TaxLine | null => {
    const at = `${path}[${i}]`;
    const key = `${t.code}/${t.rateCode}`;
    if (seen.has(key)) errs.add(`${at}.rateCode`, `tax ${key} appears more than once`);
    seen.add(key);
    const row = findTaxRate(t.code, t.rateCode);
    if (!row) {
      errs.add(`${at}.rateCode`, `unknown tax rate: code ${t.code}, rateCode ${t.rateCode}`);
      return null;
    }
    if (docIsoDate !== null && !isRateInForceOn(row, docIsoDate)) {
      errs.add(
        `${at}.rateCode`,
        `${row.description} was not in force on the supporting document's issue date ${docIsoDate} (valid ${describeValidity(row)})`,
      );
    }
    const rate = requiredDecimal(errs, `${at}.rate`, t.rate, { maxDecimals: 2 });
    if (rate && !rate.value.equals(row.rate))
      errs.add(`${at}.rate`, `must be ${row.rate} for ${row.description}`);
    const base = requiredDecimal(errs, `${at}.taxableBase`, t.taxableBase, { maxDecimals: 2 });
    const amount = requiredDecimal(errs, `${at}.taxAmount`, t.taxAmount, { maxDecimals: 2 });
    if (!rate || !base || !amount) return null;
    if (t.code === TAX_IVA) {
      const expected = round2(base.value.times(row.rate).dividedBy(100));
      compareStated(errs, `${at}.taxAmount`, t.taxAmount, expected);
    }
    return {
      code: t.code,
      rateCode: t.rateCode,
      rate: fixed(rate.value),
      taxableBase: fixed(base.value),
      amount: fixed(amount.value),
    };
  });
  return errs.errors.length > before ? null : (out as TaxLine[]);
}

function checkWithholding(
  errs: FieldErrors,
  at: string,
  w: DocBody['withholdings'][number],
  doc: { isoDate: string | null; base: Dec | null; vat: Dec | null; total: Dec | null },
): WithholdingLine | null {
  const before = errs.errors.length;
  if (!['1', '2', '6'].includes(w.code)) {
    errs.add(`${at}.code`, 'must be 1 (renta), 2 (IVA) or 6 (ISD)');
    return null;
  }
  const rate = requiredDecimal(errs, `${at}.rate`, w.rate, { maxDecimals: 2 });
  if (doc.isoDate !== null) {
    const found = findWithholdingCode(w.code, w.withholdingCode, doc.isoDate);
    if (found === null) {
      errs.add(
        `${at}.withholdingCode`,
        `unknown code ${w.withholdingCode} for tax ${w.code} (GET /v1/catalogs/withholding-codes)`,
      );
    } else if ('outOfDate' in found) {
      const when = found.outOfDate.map(validityText).join('; ');
      errs.add(
        `${at}.withholdingCode`,
        `code ${w.withholdingCode} is not in force on ${doc.isoDate} (valid ${when})`,
      );
    } else if (rate && !rate.value.equals(found.row.rate)) {
      errs.add(`${at}.rate`, `must be ${found.row.rate} for code ${w.withholdingCode} on ${doc.isoDate}`);
    }
  }
  const base = requiredDecimal(errs, `${at}.taxableBase`, w.taxableBase, { maxDecimals: 2 });
  // The sums of the bases per tax are checked by checkWithheldBases; a single base is bounded by the total.
  if (
    base &&
    w.code !== TAX_IVA &&
    w.code !== TAX_RENTA &&
    doc.total !== null &&
    base.value.greaterThan(doc.total)
  ) {
    errs.add(`${at}.taxableBase`, `must not exceed the document's total (${fixed(doc.total)})`);
  }
  if (base && rate)
    compareStated(errs, `${at}.amount`, w.amount, round2(base.value.times(rate.value).dividedBy(100)));
  if (errs.errors.length > before || !base || !rate) return null;
  return {
    code: w.code,
    withholdingCode: w.withholdingCode,
    taxableBase: fixed(base.value),
    rate: fixed(rate.value),
    amount: fixed(round2(base.value.times(rate.value).dividedBy(100))),
  };
}

/**
 * REFERENCE-TYPES.md §2: the IVA withholdings of one supporting document are levied on its VAT and
 * the renta ones on its taxable base. A partial withholding, or one amount split between rates
 * (30 % on 10.00 and 70 % on 9.44 of a VAT of 19.44), is legitimate; what is not is withholding
 * more than there is, so the sum of each tax's bases must not exceed its amount. The error names
 * the line whose base takes the sum over.
 */
function checkWithheldBases(
  errs: FieldErrors,
  at: string,
  withholdings: DocBody['withholdings'],
  doc: { base: Dec | null; vat: Dec | null },
): void {
  const limits: [string, Dec | null, string][] = [
    [TAX_IVA, doc.vat, "the IVA withholding bases add up to more than the document's VAT"],
    [TAX_RENTA, doc.base, "the renta withholding bases add up to more than the document's taxable base"],
  ];
  for (const [code, limit, what] of limits) {
    if (limit === null) continue;
    let running = dec(0);
    for (const [j, w] of withholdings.entries()) {
      if (w.code !== code || !/^\d+(\.\d{1,2})?$/.test(w.taxableBase)) continue;
      running = running.plus(dec(w.taxableBase));
      if (running.greaterThan(limit)) {
        errs.add(`${at}.withholdings[${j}].taxableBase`, `${what} (${fixed(running)} > ${fixed(limit)})`);
        break;
      }
    }
  }
}
