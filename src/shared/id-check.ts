/**
 * Check digits of Ecuadorian identifications, for the browser's checks before a form is sent
 * (docs/decisions.md "Check digits"). Plain TypeScript: the web build bundles it.
 *
 * - Cédula (10 digits): province 01–24 or 30, third digit 0–5, módulo 10 over the first nine
 *   (coefficients 2,1,2,1…, products over 9 less 9).
 * - RUC of a person: the cédula plus 001, so the same check digit.
 * - RUC of a public body (third digit 6) or a company (9): only the shape (province, third digit,
 *   ending in 0001 / 001). The SRI has issued company RUCs whose tenth digit is not the módulo 11
 *   digit (1793194515001 is one), so that digit cannot be held against anybody.
 */
const PROVINCE = /^(0[1-9]|1\d|2[0-4]|30)/;

function validCedula(value: string): boolean {
  if (!/^\d{10}$/.test(value) || !PROVINCE.test(value) || Number(value[2]) > 5) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const p = Number(value[i]) * (i % 2 === 0 ? 2 : 1);
    sum += p > 9 ? p - 9 : p;
  }
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

export function validRuc(value: string): boolean {
  if (!/^\d{13}$/.test(value) || !PROVINCE.test(value)) return false;
  const third = Number(value[2]);
  if (third <= 5) return value.endsWith('001') && validCedula(value.slice(0, 10));
  if (third === 6) return value.endsWith('0001') || value.endsWith('001');
  return third === 9 && value.endsWith('001');
}

export const RUC_CHECK = {
  en: 'is not a valid RUC: check its digits',
  es: 'no es un RUC válido: revisa sus dígitos',
};
