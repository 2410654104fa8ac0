/**
 * The cell rules of every CSV export (documents, purchases; docs/links-and-exports.md): UTF-8 with
 * a byte order mark and `;` between fields, CRLF line ends, so a double click opens it in a
 * Spanish-locale Excel in columns and with its accents; amounts keep the API's `.` decimals
 * (exact, the tax authority's own notation).
 */
export const CSV_OPTIONS = {
  delimiter: ';',
  bom: true,
  record_delimiter: 'windows',
  // A reader set to `,` (another locale, a script) must not split a cell either: a cell holding
  // either separator, a quote or a line break is quoted (`;`, quotes and breaks are by default).
  quoted_match: /[,;"\r\n]/,
} as const;

/**
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe. So does such a start right after a `,`, `;` or line break inside the cell: a reader
 * that ignores quotes in the middle of a field (Excel reading a `;` file with `,`) starts a new
 * cell there. Applied to every cell, whatever its column.
 */
export function spreadsheetSafe(value: string): string {
  return value.replace(/(^|[,;\r\n])(?=[=+\-@\t\r])/g, "$1'");
}

/** An amount with exactly two decimals; empty when there is none. */
export function money(value: string | null): string {
  if (value === null) return '';
  const [int, frac = ''] = value.split('.');
  return `${int}.${`${frac}00`.slice(0, 2)}`;
}
