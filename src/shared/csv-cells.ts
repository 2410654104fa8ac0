/**
 * The cell rules of every CSV export (documents, purchases; docs/links-and-exports.md): UTF-8 with
 * a byte order mark and `;` between fields, CRLF line ends, so a double click opens it in a
 * Spanish-locale Excel in columns and with its accents; amounts keep the API's `.` decimals
 * (exact, the tax authority's own notation).
 */
export const CSV_OPTIONS = { delimiter: ';', bom: true, record_delimiter: 'windows' } as const;

/** A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** An amount with exactly two decimals; empty when there is none. */
export function money(value: string | null): string {
  if (value === null) return '';
  const [int, frac = ''] = value.split('.');
  return `${int}.${`${frac}00`.slice(0, 2)}`;
}
