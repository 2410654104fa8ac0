import { formatMoney } from '../../src/shared/money-format.js';

/**
 * One way to write money and one word per concept, for the words test: every page, email and RIDE
 * it reads goes through these (src/shared/money-format.ts is the one formatter: "USD 1234.50").
 */

/** An amount as formatMoney writes it: "USD", a space, digits, a point, two or more decimals. */
const CANONICAL = /^USD -?\d+\.\d{2,}$/;

/** How `text` writes money differently from formatMoney: "$16,76", "USD 4.5", "1,234.50", "16,76 USD". */
export function moneyProblems(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:US)?\$\s*-?\d[\d.,]*/g)) found.push(`"${m[0]}" (a dollar sign)`);
  for (const m of text.matchAll(/USD ?(-?[\d.,]*\d)/g))
    if (!CANONICAL.test(`USD ${m[1]}`) || m[0] !== `USD ${m[1]}`)
      found.push(`"${m[0]}" (not ${formatMoney('1234.5')})`);
  for (const m of text.matchAll(/-?\d[\d.,]*\d ?(?:USD|d[oó]lares|dollars)\b/gi))
    found.push(`"${m[0]}" (currency after)`);
  // Grouped thousands ("1,234.50", "1.234,50"): SRI amounts are never grouped.
  for (const m of text.matchAll(/\b\d{1,3}(?:[.,]\d{3})+[.,]\d{2}\b/g)) found.push(`"${m[0]}" (grouped)`);
  return found;
}

/**
 * A concept's one label, and the other names it once had (issue 31): a page, dialog or email that
 * shows one of these shows a second name for the concept. Case-sensitive where a word is also data.
 */
const OTHER_NAMES: Record<'es' | 'en', [RegExp, string][]> = {
  es: [
    [/\bPlan Gratis\b/i, 'the FREE plan is "Gratuito"'],
    [/\bIVA exento\b/i, 'the exempt rate is "Exento de IVA"'],
    [/\bExento IVA\b/i, 'the exempt rate is "Exento de IVA"'],
    [/\bNo objeto de IVA\b/i, 'the rate is "No objeto de impuesto"'],
    [/\bWebhooks\b/, 'the menu says "Avisos (webhooks)"'],
  ],
  en: [
    [/\bTax exempt\b/i, 'the exempt rate is "VAT exempt"'],
    [/\bExempt from VAT\b/i, 'the exempt rate is "VAT exempt"'],
  ],
};

export function vocabularyProblems(lang: 'es' | 'en', text: string): string[] {
  return OTHER_NAMES[lang]
    .filter(([re]) => re.test(text))
    .map(([re, why]) => `"${re.exec(text)![0]}": ${why}`);
}

/**
 * Runs in the page: the cells and values of money columns ("Precio", "Total", "IVA"…) of every
 * visible table and definition list, and the options of every tax-rate select by its label.
 */
export const MONEY_CELLS = `(() => {
  const money = /^(precio|total|subtotal|valor|monto|importe|iva|price|amount|value|vat)\\b/i;
  const cells = [];
  for (const table of document.querySelectorAll('table')) {
    if (!table.checkVisibility()) continue;
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
    for (const row of table.querySelectorAll('tbody tr'))
      [...row.children].forEach((td, i) => {
        if (money.test(heads[i] || '') && !/%/.test(heads[i])) cells.push(heads[i] + ': ' + td.textContent.trim());
      });
  }
  for (const dt of document.querySelectorAll('dl dt')) {
    const dd = dt.nextElementSibling;
    if (dd && dt.checkVisibility() && money.test(dt.textContent.trim())) cells.push(dt.textContent.trim() + ': ' + dd.textContent.trim());
  }
  const rates = {};
  for (const select of document.querySelectorAll('select')) {
    const label = select.labels && select.labels[0] ? select.labels[0].textContent.trim() : '';
    if (/^(IVA|VAT)\\b/.test(label) && !/reten|withh/i.test(label)) rates[label] = [...select.options].map((o) => o.textContent.trim()).filter((t) => /IVA|VAT/.test(t));
  }
  return { cells, rates };
})()`;

/** A money cell whose value is a bare number: "Precio: 4.50" instead of "Precio: USD 4.50". */
export function bareAmount(cell: string): boolean {
  const value = cell.slice(cell.indexOf(': ') + 2);
  return /^-?\d+(?:[.,]\d+)?$/.test(value);
}
