/**
 * The ATS (Anexo Transaccional Simplificado): the monthly annex built from the period's purchases,
 * sales and voided documents, written as it is built, checked row by row and against the SRI's
 * schema (docs/ats.md).
 */
export type { AtsHeader, AtsPurchase, AtsSale, AtsVoided } from './ats.model.js';
export { buildAts } from './ats-build.js';
export { checkAts } from './ats-checks.js';
export { validateAtsSchema } from './ats-schema.js';
export { parseAtsXml } from './ats-tree.js';
