import type { T } from '../i18n';
import { label } from '../labels';

export const STATUS_ORDER = [
  'SIGNED',
  'RECEIVED',
  'AUTHORIZED',
  'RETURNED',
  'NOT_AUTHORIZED',
  'VOIDED',
] as const;

export function statusLabel(t: T, status: string): string {
  return label(t, 'documentStatus', status);
}

/** Who the document's `buyer` is: the buyer (01, 04, 05), the supplier (03), the carrier (06), the withheld subject (07). */
export function counterpartLabel(t: T, type: string): string {
  if (type === '03') return t('Proveedor', 'Supplier');
  if (type === '06') return t('Transportista', 'Carrier');
  if (type === '07') return t('Sujeto retenido', 'Withheld subject');
  return t('Cliente', 'Buyer');
}

export function typeLabel(t: T, type: string): string {
  return label(t, 'documentType', type);
}
