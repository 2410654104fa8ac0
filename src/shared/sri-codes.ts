/**
 * Codes of the tax authority's catalogues that both a module (catalogs, documents' checks) and an
 * adapter (the RIDE prints their names) need. The catalogs module re-exports them; adapters read
 * them from here because they import nothing but shared/.
 */
export const PAYMENT_METHODS = [
  { code: '01', description: 'SIN UTILIZACIÓN DEL SISTEMA FINANCIERO' },
  { code: '15', description: 'COMPENSACIÓN DE DEUDAS' },
  { code: '16', description: 'TARJETA DE DÉBITO' },
  { code: '17', description: 'DINERO ELECTRÓNICO' },
  { code: '18', description: 'TARJETA PREPAGO' },
  { code: '19', description: 'TARJETA DE CRÉDITO' },
  { code: '20', description: 'OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO' },
  { code: '21', description: 'ENDOSO DE TÍTULOS' },
] as const;

export const TERM_UNITS = [
  { code: 'dias', description: 'Días' },
  { code: 'meses', description: 'Meses' },
] as const;

/** secuencial: the document's sequential as the tax authority writes it, 9 digits zero padded. */
export function sequentialDigits(sequential: number | string): string {
  return String(sequential).padStart(9, '0');
}
