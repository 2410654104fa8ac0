import type { SriMessage } from '../types.js';
import { SIGNATURE_INFO } from '../xades-verify.js';

/**
 * The identifiers the simulator answers with and their `mensaje` texts: the texts the real
 * service returns where a real answer is known (bold in REFERENCE §3, from loduis/php-fe-ec-transport
 * and OCA tests), else the Ficha Técnica name in the same upper-case style.
 */
export const SRI_MESSAGES = {
  '2': 'RUC DEL EMISOR SE ENCUENTRA NO ACTIVO',
  '26': 'TAMAÑO MÁXIMO SUPERADO',
  '28': 'ACUERDO DE MEDIOS ELECTRÓNICOS NO ACEPTADO',
  '34': 'COMPROBANTE NO AUTORIZADO',
  '35': 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
  '37': 'RUC SIN AUTORIZACIÓN DE EMISIÓN',
  '39': 'FIRMA INVALIDA',
  '43': 'CLAVE ACCESO REGISTRADA',
  '45': 'ERROR SECUENCIAL REGISTRADO',
  '52': 'ERROR EN DIFERENCIAS',
  '56': 'ESTABLECIMIENTO CERRADO',
  '58': 'ERROR EN LA ESTRUCTURA DE LA CLAVE DE ACCESO',
  '65': 'FECHA EMISIÓN EXTEMPORANEA',
  '70': 'CLAVE DE ACCESO EN PROCESAMIENTO',
  '80': 'ERROR EN LA ESTRUCTURA DE LA CLAVE DE ACCESO',
} as const;

export type SriMessageId = keyof typeof SRI_MESSAGES;

export function sriMessage(id: SriMessageId, additionalInfo: string | null, type = 'ERROR'): SriMessage {
  return { identifier: id, message: SRI_MESSAGES[id], additionalInfo, type };
}

/** informacionAdicional texts seen in real answers. */
export const INFO = {
  /** ENVELOPES §3d. */
  xmlConversion:
    'ec.gob.sri.comprobantes.electronicos.api.excepcion.ConversionArchivoXMLException: Error al convertir el archivo xml',
  /** ENVELOPES §3e. */
  dateOutOfRange:
    'La fecha de emisión está fuera del rango de tolerancia [129600 minutos], o es mayor a la fecha del servidor',
  /**
   * Our wording (no real 2026 answer is stored): the same identifier and mensaje, the rule in the
   * informacionAdicional.
   */
  notIssueDay:
    'La fecha de emisión no es la fecha actual: desde el 01/01/2026 el comprobante se transmite en su fecha de emisión',
  /** ENVELOPES §4b. */
  signatureAltered: SIGNATURE_INFO.signatureAltered,
  /** ENVELOPES §4b variant. */
  noCertificate: SIGNATURE_INFO.noCertificate,
} as const;

/** ENVELOPES §3e: 129600 minutes (90 days). */
export const DATE_TOLERANCE_MINUTES = 129_600;

/**
 * From this day (Ecuador) a document is transmitted on its issue date (REFERENCE-PURCHASES.md §5:
 * the 4-business-day window was removed from 01/01/2026), so any other fechaEmision is a 65.
 */
export const SAME_DAY_RULE_FROM = '2026-01-01';
