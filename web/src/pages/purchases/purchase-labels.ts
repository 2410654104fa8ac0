import { ApiError } from '../../api';
import type { T } from '../../i18n';

/**
 * The purchases API's codes as people read them (docs/purchases.md). Kept beside the pages that
 * use them rather than in labels.ts: the same `CODE: ['es', 'en']` shape, so the words test reads them.
 */
type Labels = Record<string, readonly [es: string, en: string]>;

/** ConsultaComprobante's states (the SRI's own words, shown in sentence case). */
const SRI_STATUS: Labels = {
  AUTORIZADO: ['Autorizado', 'Authorized'],
  'PENDIENTE DE ANULAR': ['Pendiente de anular', 'Pending voiding'],
  ANULADO: ['Anulado en el SRI', 'Voided at the SRI'],
};

/** A badge tone per state (styles.css: authorized green, pending amber, voided grey). */
export function sriTone(status: string): string {
  if (status === 'AUTORIZADO') return 'authorized';
  if (status === 'ANULADO') return 'voided';
  return 'pending';
}

/** A TXT row's outcome (preview and import). */
const ROW_STATUS: Labels = {
  NEW: ['Se agregará', 'Will be added'],
  PENDING: ['En cola', 'Queued'],
  CREATED: ['Agregada', 'Added'],
  EXISTING: ['Ya registrada', 'Already there'],
  UNKNOWN: ['Desconocida en el SRI', 'Unknown at the SRI'],
  NOT_ADDRESSED: ['No dirigida a ti', 'Not addressed to you'],
  MALFORMED: ['Clave inválida', 'Invalid key'],
  WRONG_ENVIRONMENT: ['Otro ambiente', 'Other environment'],
  NOT_AUTHORIZED: ['No autorizada', 'Not authorized'],
  FAILED: ['El SRI no respondió', 'The SRI did not answer'],
};

/** By-key outcome (POST /v1/purchases). */
const KEY_STATUS: Labels = {
  CREATED: ['Agregada', 'Added'],
  EXISTING: ['Ya registrada', 'Already there'],
  REFUSED: ['Rechazada', 'Refused'],
};

/** Why a key or a file was refused (the API's detail stays under technical details). */
const REFUSAL: Labels = {
  ACCESS_KEY_INVALID: ['La clave de acceso no es válida.', 'The access key is not valid.'],
  ACCESS_KEY_ENVIRONMENT_MISMATCH: [
    'La clave es de otro ambiente (pruebas o producción).',
    'The key belongs to the other environment (test or production).',
  ],
  PURCHASE_UNKNOWN_AT_SRI: [
    'El SRI no tiene un comprobante autorizado con esa clave.',
    'The SRI has no authorized document with that key.',
  ],
  PURCHASE_NOT_AUTHORIZED: ['El SRI no lo autorizó.', 'The SRI did not authorize it.'],
  PURCHASE_NOT_ADDRESSED: [
    'El comprobante no está dirigido a ninguno de tus RUC.',
    'The document is not addressed to any of your RUCs.',
  ],
  PURCHASE_SIGNATURE_INVALID: [
    'La firma del XML no es válida; agrégalo por su clave de acceso.',
    "The XML's signature is not valid; add it by its access key.",
  ],
  PURCHASE_TXT_INVALID: [
    'El archivo no es el reporte de comprobantes recibidos del SRI (revisa las columnas).',
    'The file is not the SRI\'s "received documents" report (check the columns).',
  ],
  SRI_UNAVAILABLE: ['El SRI no respondió; intenta más tarde.', 'The SRI did not answer; try later.'],
  SRI_THROTTLED: [
    'El SRI limitó las consultas; intenta en unos minutos.',
    'The SRI throttled the queries; try in a few minutes.',
  ],
};

const SOURCE: Labels = {
  KEY: ['Clave de acceso', 'Access key'],
  TXT: ['Reporte TXT', 'TXT report'],
  XML: ['Archivo XML', 'XML file'],
};

const GROUPS = {
  sriStatus: SRI_STATUS,
  rowStatus: ROW_STATUS,
  keyStatus: KEY_STATUS,
  refusal: REFUSAL,
  source: SOURCE,
};

/** A purchases code in the UI's language; an unknown one (a newer server) as it came. */
export function purchaseLabel(t: T, group: keyof typeof GROUPS, code: string | null | undefined): string {
  if (!code) return '—';
  const l = GROUPS[group][code];
  return l ? t(l[0], l[1]) : code;
}

/** A refusal in words (a bad signature, not addressed to you, unknown at the SRI…); others as they came. */
export function refusalInWords(t: T, e: unknown): unknown {
  if (!(e instanceof ApiError)) return e;
  const words = purchaseLabel(t, 'refusal', e.code);
  return words !== e.code ? new ApiError(e.status, e.code, words, e.errors, true) : e;
}

/** The tone of a TXT or key outcome: added green, already there grey, refused red. */
export function outcomeTone(status: string): string {
  if (status === 'NEW' || status === 'CREATED') return 'authorized';
  if (status === 'EXISTING') return 'voided';
  if (status === 'PENDING') return 'pending';
  return 'error';
}

export const SRI_STATUSES = Object.keys(SRI_STATUS);
