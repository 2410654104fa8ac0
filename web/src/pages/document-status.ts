import type { T } from '../i18n';

export const STATUS_ORDER = [
  'SIGNED',
  'RECEIVED',
  'AUTHORIZED',
  'RETURNED',
  'NOT_AUTHORIZED',
  'VOIDED',
] as const;

export function statusLabel(t: T, status: string): string {
  const labels: Record<string, [string, string]> = {
    SIGNED: ['Firmado', 'Signed'],
    RECEIVED: ['Recibido', 'Received'],
    RETURNED: ['Devuelto', 'Returned'],
    AUTHORIZED: ['Autorizado', 'Authorized'],
    NOT_AUTHORIZED: ['No autorizado', 'Not authorized'],
    VOIDED: ['Anulado', 'Voided'],
  };
  const l = labels[status];
  return l ? t(l[0], l[1]) : status;
}

/** Who the document's `buyer` is: the buyer (01, 04, 05), the supplier (03), the carrier (06), the withheld subject (07). */
export function counterpartLabel(t: T, type: string): string {
  if (type === '03') return t('Proveedor', 'Supplier');
  if (type === '06') return t('Transportista', 'Carrier');
  if (type === '07') return t('Sujeto retenido', 'Withheld subject');
  return t('Cliente', 'Buyer');
}

export function typeLabel(t: T, type: string): string {
  const labels: Record<string, [string, string]> = {
    '01': ['Factura', 'Invoice'],
    '03': ['Liquidación de compra', 'Purchase settlement'],
    '04': ['Nota de crédito', 'Credit note'],
    '05': ['Nota de débito', 'Debit note'],
    '06': ['Guía de remisión', 'Waybill'],
    '07': ['Retención', 'Withholding'],
  };
  const l = labels[type];
  return l ? t(l[0], l[1]) : type;
}
