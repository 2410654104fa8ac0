import { ecuadorParts } from '../../../shared/clock.js';
import { messagesXml } from '../authorization.js';
import { SOAP_ENV_NS, STATUS_NS } from '../envelopes.js';
import type { SriMessage } from '../types.js';
import { escapeText } from '../xml-text.js';
import { isWellFormedAccessKey } from './access-key.js';
import type { SimulatorState } from './state.js';
import { THROTTLE_MESSAGE } from './throttle.js';

/**
 * ConsultaComprobante / consultarEstadoAutorizacionComprobante (REFERENCE-PURCHASES §2): the status
 * of any document the simulator knows, never its XML. Query errors are estadoConsulta RECHAZADA
 * with identificador 99, told apart by informacionAdicional; success has no estadoConsulta at all.
 */

const CONSULTA_INFO = {
  unknown: 'No existen datos para los parámetros ingresados',
  outOfRange:
    'No es posible validar la clave de acceso ya que la fecha de emision esta fuera del rango permitido.',
  malformed: 'Error al consultar la clave acceso. Error en el formato de la clave acceso.',
} as const;

/** tipoComprobante is a label; clients should take the type from the key (§2 quirks). */
const TYPE_LABELS: Record<string, string> = {
  '01': 'Factura',
  '03': 'Liquidación de compra de bienes y prestación de servicios',
  '04': 'Nota de Crédito',
  '05': 'Nota de Débito',
  '06': 'Guía de Remisión',
  '07': 'Comprobante de Retención',
};

export type ConsultaAnswer =
  | { kind: 'state'; accessKey: string; state: string; authorizedAt: string | null }
  | { kind: 'error'; accessKey: string; message: SriMessage };

export interface ConsultaContext {
  state: SimulatorState;
  now: number;
  /** Issue months served: 2 = the current and the previous one; null = any date. */
  windowMonths: number | null;
  throttled: boolean;
}

export function answerConsulta(accessKey: string, ctx: ConsultaContext): ConsultaAnswer {
  if (ctx.throttled) return { kind: 'error', accessKey, message: { ...THROTTLE_MESSAGE } };
  if (!isWellFormedAccessKey(accessKey)) return queryError(accessKey, CONSULTA_INFO.malformed);
  if (ctx.windowMonths !== null && !withinWindow(accessKey, ctx.now, ctx.windowMonths)) {
    return queryError(accessKey, CONSULTA_INFO.outOfRange);
  }
  const known = ctx.state.known(accessKey, ctx.now);
  if (known === null) return queryError(accessKey, CONSULTA_INFO.unknown);
  return { kind: 'state', accessKey, state: known.state, authorizedAt: known.authorizedAt };
}

function queryError(accessKey: string, info: string): ConsultaAnswer {
  const message = {
    identifier: '99',
    message: 'ERROR AL CONSULTAR DATOS DEL SERVICIO WEB',
    additionalInfo: info,
    type: 'ERROR',
  };
  return { kind: 'error', accessKey, message };
}

/** The key's issue month (positions 0-7, ddmmaaaa) against the Ecuador month of `now`. */
function withinWindow(accessKey: string, now: number, months: number): boolean {
  const issued = Number(accessKey.slice(4, 8)) * 12 + Number(accessKey.slice(2, 4)) - 1;
  const p = ecuadorParts(new Date(now));
  const current = p.year * 12 + p.month - 1;
  return issued <= current && current - issued < months;
}

export function consultaResponse(answer: ConsultaAnswer): Buffer {
  const key = `<claveAcceso>${escapeText(answer.accessKey)}</claveAcceso>`;
  let inner: string;
  if (answer.kind === 'error') {
    inner = `<estadoConsulta>RECHAZADA</estadoConsulta>${key}<mensajes>${messagesXml([answer.message])}</mensajes>`;
  } else {
    const type = TYPE_LABELS[answer.accessKey.slice(8, 10)] ?? '';
    inner =
      `${key}<mensajes/><estadoAutorizacion>${escapeText(answer.state)}</estadoAutorizacion>` +
      `<tipoComprobante>${escapeText(type)}</tipoComprobante>` +
      `<rucEmisor>${answer.accessKey.slice(10, 23)}</rucEmisor>` +
      (answer.authorizedAt === null
        ? ''
        : `<fechaAutorizacion>${escapeText(answer.authorizedAt)}</fechaAutorizacion>`);
  }
  const xml =
    `<?xml version='1.0' encoding='UTF-8'?><soap:Envelope xmlns:soap="${SOAP_ENV_NS}"><soap:Body>` +
    `<ns2:consultarEstadoAutorizacionComprobanteResponse xmlns:ns2="${STATUS_NS}">` +
    `<EstadoAutorizacionComprobante>${inner}</EstadoAutorizacionComprobante>` +
    '</ns2:consultarEstadoAutorizacionComprobanteResponse></soap:Body></soap:Envelope>';
  return Buffer.from(xml, 'utf8');
}
