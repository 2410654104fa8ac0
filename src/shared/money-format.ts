/**
 * The one way money is written for people, on every surface: the web app, emails and the RIDE
 * (docs/decisions.md "Money as people read it"). Ecuador's SRI writes amounts with a decimal
 * point and no grouping (the XML, the RIDE, its portal), and the currency is the US dollar: so
 * "USD 1234.50" in both languages, never "$1.234,50" in one place and "1234.5" in another. Plain
 * string work on the API's decimal strings (no floats, no decimal.js: the web bundle imports it).
 */

/** "1234.5" → "1234.50"; more decimals than two are kept (a unit price "0.125"); "" or junk as is. */
export function formatAmount(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  const dec = (m[3] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${m[1]}${int}.${dec}`;
}

/** "USD 1234.50": an amount of money as every page, email and RIDE total prints it. */
export function formatMoney(value: string): string {
  return `USD ${formatAmount(value)}`;
}
