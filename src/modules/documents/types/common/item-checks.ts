import type { ItemLine } from '../../../../shared/document-model.js';
import { fixed } from '../../../../shared/money.js';
import { describeValidity, findTaxRate, isRateInForceOn } from '../../../catalogs/index.js';
import {
  type FieldErrors,
  nameValueList,
  optionalMoney,
  optionalText,
  requiredDecimal,
  requiredText,
  SCHEMA_AMOUNT_LIMIT,
} from '../../field-checks.js';
import type { ItemInput, TaxInput } from './sales-input.js';
import { computeLine, type LineTaxRate, TAX_IVA } from './tax-lines.js';

/** One item line of the item documents: the invoice, the credit note (sales-compute.ts) and the liquidación. */

/** The schemas' limits: codes 25 characters, description 300, at most 3 detAdicional. */
const CODE_MAX = 25;
const DESCRIPTION_MAX = 300;
const ADDITIONAL_DETAILS_MAX = 3;

/**
 * The date a historical rate is judged on: a credit note corrects the credited document with that
 * document's rate, so its issue date (ISO) is given; invoices give null and use current rates only.
 */
export interface RateContext {
  creditedIssueDate: string | null;
}

/**
 * Checks one item and computes its line; null when its figures cannot be computed (a quantity,
 * price, discount or tax rate is wrong). The errors are in `errs`, and a line is returned beside
 * other errors (a blank description, a wrong stated figure) so the document's totals are still
 * checked: the caller throws before using it. The client's stated base and value of every tax
 * must equal ours at 2 decimals.
 */
export function checkItem(
  errs: FieldErrors,
  path: string,
  item: ItemInput,
  context: RateContext = { creditedIssueDate: null },
): ItemLine | null {
  const mainCode = requiredText(errs, `${path}.mainCode`, item.mainCode, { max: CODE_MAX });
  const auxiliaryCode = optionalText(errs, `${path}.auxiliaryCode`, item.auxiliaryCode, { max: CODE_MAX });
  const description = requiredText(errs, `${path}.description`, item.description, { max: DESCRIPTION_MAX });
  const quantity = requiredDecimal(errs, `${path}.quantity`, item.quantity, {
    maxDecimals: 6,
    positive: true,
  });
  const unitPrice = requiredDecimal(errs, `${path}.unitPrice`, item.unitPrice, { maxDecimals: 6 });
  const discount = optionalMoney(errs, `${path}.discount`, item.discount);
  const additionalDetails = nameValueList(
    errs,
    `${path}.additionalDetails`,
    item.additionalDetails,
    ADDITIONAL_DETAILS_MAX,
  );
  const rates = checkTaxRates(errs, `${path}.taxes`, item.taxes, context);

  if (!quantity || !unitPrice || !discount) return null;
  const gross = quantity.value.times(unitPrice.value);
  if (discount.greaterThan(gross)) {
    errs.add(`${path}.discount`, `must not exceed quantity × unitPrice (${fixed(gross)})`);
    return null;
  }
  if (gross.greaterThanOrEqualTo(SCHEMA_AMOUNT_LIMIT)) {
    errs.add(path, 'quantity × unitPrice exceeds the schema limit of 12 integer digits');
    return null;
  }
  // The figures are compared whenever they can be computed, whatever else is wrong on the item.
  if (!rates) return null;

  const line = computeLine({ quantity: quantity.value, unitPrice: unitPrice.value, discount }, rates);
  line.taxes.forEach((tax, i) => {
    const stated = item.taxes[i]!;
    compareStated(errs, `${path}.taxes[${i}].taxableBase`, stated.taxableBase, tax.taxableBase);
    compareStated(errs, `${path}.taxes[${i}].taxAmount`, stated.taxAmount, tax.amount);
  });
  // A wrong text field leaves the line's figures good for the document's totals (the payments'
  // check); `errs` holds the error and the caller throws before the line is used.
  return {
    mainCode: mainCode ?? '',
    auxiliaryCode,
    description: description ?? '',
    quantity: quantity.normalized,
    unitPrice: unitPrice.normalized,
    discount: fixed(discount),
    subtotal: line.subtotal,
    additionalDetails,
    taxes: line.taxes,
  };
}

/**
 * Each (code, rateCode) must be a current catalog row (or, on a credit note, a historical one in
 * force on the credited document's issue date) and `rate` its rate (numerically: "15" is "15.00");
 * one IVA row exactly and at most one row per tax code, as the tax authority expects one impuesto
 * per tax on a detalle.
 */
function checkTaxRates(
  errs: FieldErrors,
  path: string,
  taxes: TaxInput[] | undefined,
  context: RateContext,
): LineTaxRate[] | null {
  if (!Array.isArray(taxes) || taxes.length === 0) {
    errs.add(path, 'at least one tax is required (exactly one IVA, code 2)');
    return null;
  }
  const before = errs.errors.length;
  const seen = new Set<string>();
  const rates: LineTaxRate[] = [];
  taxes.forEach((tax, i) => {
    const at = `${path}[${i}]`;
    if (seen.has(tax.code))
      errs.add(`${at}.code`, `tax code ${tax.code} appears more than once on this item`);
    seen.add(tax.code);
    const row = findTaxRate(tax.code, tax.rateCode);
    if (!row) {
      errs.add(`${at}.rateCode`, `unknown tax rate: code ${tax.code}, rateCode ${tax.rateCode}`);
      return;
    }
    if (!row.current) {
      const date = context.creditedIssueDate;
      if (date === null) {
        errs.add(
          `${at}.rateCode`,
          `${row.description} is a historical rate: only a credit note for a document issued while it was in force (${describeValidity(row)}) may use it`,
        );
        return;
      }
      if (!isRateInForceOn(row, date)) {
        errs.add(
          `${at}.rateCode`,
          `${row.description} was in force ${describeValidity(row)}, not on the credited document's issue date (${date})`,
        );
        return;
      }
    }
    const stated = requiredDecimal(errs, `${at}.rate`, tax.rate, { maxDecimals: 6 });
    if (stated && !stated.value.equals(row.rate)) {
      errs.add(`${at}.rate`, `must be ${row.rate} for code ${row.taxCode}, rateCode ${row.rateCode}`);
    }
    rates.push({ code: row.taxCode, rateCode: row.rateCode, rate: row.rate });
  });
  if (!taxes.some((t) => t.code === TAX_IVA)) errs.add(path, 'exactly one IVA (code 2) tax is required');
  return errs.errors.length > before ? null : rates;
}

function compareStated(errs: FieldErrors, path: string, stated: string, expected: string): void {
  const given = requiredDecimal(errs, path, stated, { maxDecimals: 2 });
  if (given && !given.value.equals(expected)) errs.add(path, `expected ${expected}, got ${stated}`, expected);
}
