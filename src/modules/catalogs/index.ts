/**
 * The tax authority's catalogues (identification types, payment methods, taxes and their rates,
 * document types) and the public GET /v1/catalogs/* routes. Other modules import from here only.
 */
export {
  describeValidity,
  findTaxRate,
  ID_TYPES,
  ISSUABLE_DOCUMENT_TYPES,
  isRateInForceOn,
  PAYMENT_METHODS,
  TERM_UNITS,
} from './catalogs.data.js';
export { registerCatalogRoutes } from './catalogs.routes.js';
export { createHolidaysService, type HolidaysService, holidaysBetween } from './holidays.js';
export {
  findWithholdingCode,
  SUPPORT_CODES,
  validityText,
  WITHHOLDING_CODES,
} from './withholding-codes.data.js';
