/**
 * Identifiers that look alike are one identifier (docs/customers-products.md, "Look-alike
 * identifiers"): what a keyboard, a spreadsheet or a copy from a PDF adds — full-width or
 * compatibility forms, NFD accents, zero-width and other invisible format characters, control
 * characters, spaces — never makes a second customer or product. Every write path (the JSON
 * create and update, the CSV import) goes through these before its checks and its uniqueness.
 */

/** Invisible characters: format (zero-width space, joiners, BOM, soft hyphen) and controls. */
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;
const SPACE = /\s+/gu;

/**
 * A customer's identification (RUC, cédula, passport, foreign id): NFKC, no invisible character,
 * no space anywhere, upper case. The SRI's identificacionComprador is a run of letters and digits
 * with no spaces, and a passport number is written in capitals (ICAO 9303), so `ab 123`, `AB123`
 * and `ＡＢ１２３` are one passport.
 */
export function normalizeIdentification(raw: string): string;
export function normalizeIdentification(raw: string | null | undefined): string | null | undefined;
export function normalizeIdentification(raw: string | null | undefined) {
  if (typeof raw !== 'string') return raw;
  return raw.normalize('NFKC').replace(SPACE, '').replace(INVISIBLE, '').toUpperCase();
}

/**
 * A product's main or auxiliary code as it is saved and printed: NFKC, no invisible character,
 * trimmed, each run of spaces one space. The case is kept: the code is printed on the RIDE as the
 * business wrote it.
 */
export function normalizeCode(raw: string): string;
export function normalizeCode(raw: string | null | undefined): string | null | undefined;
export function normalizeCode(raw: string | null | undefined) {
  if (typeof raw !== 'string') return raw;
  return raw.normalize('NFKC').replace(SPACE, ' ').replace(INVISIBLE, '').trim();
}

/**
 * What makes two product codes the same code (products.main_code_key): the normalized code
 * without spaces, in lower case. The SRI never compares codes; people do, and `SKU-001`,
 * `sku 001` and `SKU-００１` are one product to them.
 */
export function codeKey(code: string): string {
  return normalizeCode(code).replace(SPACE, '').toLowerCase();
}
