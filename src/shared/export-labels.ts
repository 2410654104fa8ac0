import { ECUADOR_OFFSET_MINUTES } from './clock.js';

/**
 * The words of the CSV exports (documents, purchases; docs/links-and-exports.md) in the
 * request's language: the web app's labels of each code (web/src/labels.ts, which
 * test/exports/csv-language.test.ts holds them to) and Ecuador's way of writing an instant. The
 * API codes stay in columns of their own for scripts.
 */
export type ExportLanguage = 'es' | 'en';

type Labels = Record<string, readonly [es: string, en: string]>;

const DOCUMENT_STATUS: Labels = {
  SIGNED: ['Firmado', 'Signed'],
  RECEIVED: ['Recibido por el SRI', 'Received by the SRI'],
  RETURNED: ['Devuelto', 'Returned'],
  AUTHORIZED: ['Autorizado', 'Authorized'],
  NOT_AUTHORIZED: ['No autorizado', 'Not authorized'],
  VOIDED: ['Anulado', 'Voided'],
};

const EMAIL_STATUS: Labels = {
  PENDING: ['Por enviar', 'Not sent yet'],
  SENT: ['Enviado', 'Sent'],
  DELIVERED: ['Entregado', 'Delivered'],
  FAILED: ['Falló el envío', 'Sending failed'],
  NOT_GENERATED: ['No generado', 'Not generated'],
  NONE: ['Sin correo', 'No email'],
};

/** ConsultaComprobante's states of a received document (the web app's sriStatus words). */
const PURCHASE_STATUS: Labels = {
  AUTORIZADO: ['Autorizado', 'Authorized'],
  'PENDIENTE DE ANULAR': ['Pendiente de anular', 'Pending voiding'],
  ANULADO: ['Anulado', 'Voided'],
};

const GROUPS = {
  documentStatus: DOCUMENT_STATUS,
  emailStatus: EMAIL_STATUS,
  purchaseStatus: PURCHASE_STATUS,
};

/** The label of `code`; a code with no label (a raw SRI state) is written as it is. */
export function exportLabel(lang: ExportLanguage, group: keyof typeof GROUPS, code: string): string {
  const l = GROUPS[group][code];
  return l ? l[lang === 'es' ? 0 : 1] : code;
}

const OFFSET_MS = ECUADOR_OFFSET_MINUTES * 60_000;

/**
 * An instant as the RIDE and the web app write it: DD/MM/YYYY HH:mm:ss in America/Guayaquil
 * (UTC-5 all year, no daylight saving), in both languages.
 */
export function exportDateTime(date: Date): string {
  const s = new Date(date.getTime() + OFFSET_MS).toISOString();
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)} ${s.slice(11, 19)}`;
}

/** A header row in the export's language, from `[es, en]` pairs. */
export function exportHeaders(
  lang: ExportLanguage,
  columns: readonly (readonly [string, string])[],
): string[] {
  return columns.map(([es, en]) => (lang === 'es' ? es : en));
}
