/**
 * The tax authority's catalogues (identification types, payment methods, taxes and their rates,
 * document types) and the public GET /v1/catalogs/* routes. Other modules import from here only.
 */
export {
  ALL_DOCUMENT_TYPES,
  describeValidity,
  findTaxRate,
  ID_TYPES,
  ISSUABLE_DOCUMENT_TYPES,
  isRateInForceOn,
  PAYMENT_METHODS,
  TAX_RATES,
  TAX_TYPES,
  type TaxRate,
  TERM_UNITS,
} from './catalogs.data.js';
export { registerCatalogRoutes } from './catalogs.routes.js';
export {
  findWithholdingCode,
  SUPPORT_CODES,
  validityText,
  WITHHOLDING_CODES,
  WITHHOLDING_TAX_TYPES,
  type WithholdingCode,
} from './withholding-codes.data.js';
