import { rateLabel } from '../components/catalog-options';
import type { T } from '../i18n';

/**
 * Words for the codes of saved customers and products (issue 18): identification types, tax
 * rates and the row errors of a CSV import, in the UI's language. No code reaches the screen raw.
 */
export const ID_TYPE_CODES = ['04', '05', '06', '07', '08'] as const;

export function idTypeLabel(t: T, code: string): string {
  switch (code) {
    case '04':
      return 'RUC';
    case '05':
      return t('Cédula', 'ID card (cédula)');
    case '06':
      return t('Pasaporte', 'Passport');
    case '07':
      return t('Consumidor final', 'Final consumer');
    case '08':
      return t('Identificación del exterior', 'Foreign ID');
    default:
      return t('Tipo desconocido', 'Unknown type');
  }
}

export interface TaxRateRow {
  taxCode: string;
  rateCode: string;
  description: string;
  rate: string;
  current: boolean;
}

/**
 * A saved product's rate by the same catalog label the document forms use (catalog-options'
 * `rateLabel`: "IVA 15%", "Exento de IVA", "ICE grupo I · 0 %"), so one rate has one name.
 */
export function taxRateLabel(t: T, code: string, rateCode: string, rates: TaxRateRow[]): string {
  const row = rates.find((r) => r.taxCode === code && r.rateCode === rateCode);
  if (row) return rateLabel(t, row);
  return code === '3' ? 'ICE' : code === '5' ? 'IRBPNR' : `IVA ${rateCode}`;
}

/** The name of a field or CSV column of an import row, for a person. */
export function fieldLabel(t: T, field: string): string {
  const labels: Record<string, [string, string]> = {
    idType: ['Tipo de identificación', 'ID type'],
    identification: ['Identificación', 'Identification'],
    name: ['Nombre', 'Name'],
    email: ['Correo', 'Email'],
    phone: ['Teléfono', 'Phone'],
    address: ['Dirección', 'Address'],
    mainCode: ['Código', 'Code'],
    auxiliaryCode: ['Código auxiliar', 'Auxiliary code'],
    description: ['Descripción', 'Description'],
    unitPrice: ['Precio unitario', 'Unit price'],
    iva: ['IVA', 'IVA'],
    ice: ['ICE', 'ICE'],
    irbpnr: ['IRBPNR', 'IRBPNR'],
    taxes: ['Impuestos', 'Taxes'],
    additionalDetails: ['Detalles adicionales', 'Additional details'],
  };
  const detail = /^detail(\d)(Name|Value)$/.exec(field);
  if (detail)
    return detail[2] === 'Name'
      ? t(`Detalle ${detail[1]}: nombre`, `Detail ${detail[1]}: name`)
      : t(`Detalle ${detail[1]}: valor`, `Detail ${detail[1]}: value`);
  const known = labels[field.replace(/\[\d+\].*$/, '')];
  return known ? t(known[0], known[1]) : field;
}

export interface RowError {
  field: string;
  code: string;
  message: string;
}

/** What is wrong with a cell, by the error's code (the API's English message stays in a tooltip). */
export function rowErrorText(t: T, e: RowError, idType?: string): string {
  switch (e.code) {
    case 'REQUIRED':
      return t('es obligatorio', 'is required');
    case 'TOO_LONG':
      return t('es demasiado largo', 'is too long');
    case 'DUPLICATE':
      return /earlier row/.test(e.message)
        ? t('se repite en el archivo', 'repeats an earlier row of the file')
        : t('ya está guardado', 'is saved already');
    case 'INVALID_VALUE':
      if (e.field === 'idType')
        return t(
          'debe ser RUC, cédula, pasaporte, consumidor final o exterior',
          'must be RUC, cédula, passport, final consumer or foreign ID',
        );
      if (/no longer in force/.test(e.message))
        return t('esa tarifa ya no está vigente', 'that rate is no longer in force');
      if (/more than once/.test(e.message)) return t('está repetido', 'appears twice');
      if (e.field === 'additionalDetails') return t('máximo 3 detalles', 'at most 3 details');
      return t('no es una tarifa del catálogo del SRI', 'is not a rate of the SRI catalog');
    default:
      if (e.field === 'identification') {
        if (idType === '04')
          return t('un RUC tiene 13 dígitos y termina en 001', 'a RUC is 13 digits ending in 001');
        if (idType === '05') return t('una cédula tiene 10 dígitos', 'a cédula is 10 digits');
        if (idType === '07')
          return t('consumidor final es 9999999999999', 'a final consumer is 9999999999999');
      }
      if (e.field === 'email') return t('no es un correo válido', 'is not a valid email address');
      if (e.field === 'unitPrice')
        return /decimals/.test(e.message)
          ? t('máximo 6 decimales', 'at most 6 decimals')
          : t('debe ser un número como 12.50', 'must be a number such as 12.50');
      return t('tiene un formato no válido', 'has an invalid format');
  }
}

/**
 * The API's field errors of a customer or product body (`errors[].path`, English `message`) in the
 * UI's language, so the dialog shows them under their inputs in words; the API's own text stays
 * in the problem's detail.
 */
export function fieldErrorText(t: T, path: string, message: string, idType?: string): string {
  if (/^is required|must NOT have fewer than 1/.test(message)) return t('es obligatorio', 'is required');
  const max = /at most (\d+) characters|must NOT have more than (\d+) characters/.exec(message);
  if (max) return t(`máximo ${max[1] ?? max[2]} caracteres`, `at most ${max[1] ?? max[2]} characters`);
  if (/already|exists/.test(message)) return t('ya está guardado', 'is saved already');
  const code: RowError['code'] =
    /no longer in force|not a .* rate code|more than once|must be one of|must be 2 \(IVA\)/.test(message)
      ? 'INVALID_VALUE'
      : /must include the IVA/.test(message)
        ? 'REQUIRED'
        : 'INVALID_FORMAT';
  const field = path === 'taxes' ? 'iva' : path;
  return rowErrorText(t, { field, code, message }, idType);
}
