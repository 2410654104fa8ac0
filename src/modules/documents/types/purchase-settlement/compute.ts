import type { ItemLine, Payment, Totals } from '../../../../shared/document-model.js';
import { dec, fixed } from '../../../../shared/money.js';
import { FieldErrors, nameValueList, SCHEMA_AMOUNT_LIMIT } from '../../field-checks.js';
import { checkIssueDate, checkParty, checkPayments } from '../common/checks.js';
import { checkItem } from '../common/item-checks.js';
import type { NameValue } from '../common/schemas.js';
import { aggregateTotals, TAX_IVA } from '../common/tax-lines.js';
import type { TypeContext } from '../definition.js';
import type { PurchaseSettlementBodyT } from './schema.js';

export interface PurchaseSettlementContent {
  issueDate: string;
  supplier: { idType: string; id: string; name: string; email: string; address: string | null };
  items: ItemLine[];
  /** tip is always "0.00": the schema has no propina. */
  totals: Totals;
  payments: Payment[];
  additionalInfo: NameValue[];
}

/**
 * The invoice's line and total arithmetic (item-checks.ts, tax-lines.ts) under the liquidación's
 * own restrictions: every tax IVA (the XSD's codigo is `[2]` only), no tip, payments required and
 * adding up to importeTotal, and a supplier who is identified (no final consumer).
 */
export function computePurchaseSettlement(
  body: PurchaseSettlementBodyT,
  ctx: TypeContext,
): PurchaseSettlementContent {
  const errs = new FieldErrors();
  const issued = checkIssueDate(errs, body.issueDate, ctx.today);
  // The schema has no propina; a body sent with one (an invoice body re-typed) is told so, not ignored.
  if ((body as { tip?: unknown }).tip !== undefined) {
    errs.add('tip', 'a liquidación de compra has no tip (propina)');
  }
  const supplier = checkParty(errs, 'supplier', body.supplier, {
    allowFinalConsumer: false,
    email: true,
  });
  const items = body.items.map((item, i) => {
    const at = `items[${i}]`;
    const before = errs.errors.length;
    item.taxes.forEach((t, j) => {
      if (t.code !== TAX_IVA)
        errs.add(`${at}.taxes[${j}].code`, 'must be 2 (IVA): a liquidación de compra carries IVA only');
    });
    return errs.errors.length > before ? null : checkItem(errs, at, item);
  });
  let totals: Totals | null = null;
  if (items.every((l) => l !== null)) {
    totals = aggregateTotals(items as ItemLine[], '0.00');
    if (dec(totals.total).greaterThanOrEqualTo(SCHEMA_AMOUNT_LIMIT)) {
      errs.add('items', 'the document total exceeds the schema limit of 12 integer digits');
      totals = null;
    }
  }
  const payments = checkPayments(errs, 'payments', body.payments, totals ? dec(totals.total) : null);
  const additionalInfo = nameValueList(errs, 'additionalInfo', body.additionalInfo, 15);
  errs.throwIfAny();
  return {
    issueDate: issued!.text,
    supplier: supplier!,
    items: items as ItemLine[],
    totals: { ...totals!, tip: fixed(dec(0)) },
    payments: payments!,
    additionalInfo,
  };
}
