import { SRI_MESSAGES, type SriMessageId } from './messages.js';

/**
 * Deterministic outcomes for sandbox users, chosen by the document itself through
 * `<campoAdicional nombre="simulador">…</campoAdicional>` (docs/sri-simulator.md). Several may be
 * combined with commas: `HTTP_500:1, EN_PROCESO:2`. Unknown words are ignored, so a typo
 * behaves like an ordinary document rather than failing in a surprising way.
 */
export interface Directives {
  /** Reception refuses with this identifier. */
  devuelta: SriMessageId | null;
  /** Authorization refuses with this identifier. */
  noAutorizado: SriMessageId | null;
  /** First n authorization queries answer EN PROCESO. */
  enProceso: number;
  /** First n reception calls hang past any client time-out and are not recorded. */
  timeout: number;
  /** First n calls of each service about the document answer HTTP 500 with a SOAP Fault. */
  http500: number;
  /** First n reception calls are recorded, then the connection is destroyed without an answer. */
  perderRespuesta: number;
}

/** Reception refusals a sandbox user may ask for with DEVUELTA:<id>; 56 by default. */
const DEVUELTA_IDS: SriMessageId[] = ['2', '26', '28', '34', '37', '56'];
/** Authorization refusals for NO_AUTORIZADO:<id>; 52 by default. */
const NO_AUTORIZADO_IDS: SriMessageId[] = ['39', '52', '56'];

export const NO_DIRECTIVES: Directives = {
  devuelta: null,
  noAutorizado: null,
  enProceso: 0,
  timeout: 0,
  http500: 0,
  perderRespuesta: 0,
};

export function parseDirectives(value: string | null): Directives {
  const out = { ...NO_DIRECTIVES };
  if (value === null) return out;
  for (const raw of value.split(/[,;]/)) {
    const m = /^\s*([A-Za-z_0-9]+)\s*(?::\s*(\d+))?\s*$/.exec(raw);
    if (!m) continue;
    const word = m[1]!.toUpperCase();
    const arg = m[2];
    const count = arg === undefined ? 1 : Math.min(Number(arg), 1000);
    switch (word) {
      case 'DEVUELTA':
        out.devuelta = pickId(arg, DEVUELTA_IDS, '56');
        break;
      case 'NO_AUTORIZADO':
        out.noAutorizado = pickId(arg, NO_AUTORIZADO_IDS, '52');
        break;
      case 'EN_PROCESO':
        out.enProceso = count;
        break;
      case 'TIMEOUT':
        out.timeout = count;
        break;
      case 'HTTP_500':
        out.http500 = count;
        break;
      case 'PERDER_RESPUESTA':
        out.perderRespuesta = count;
        break;
    }
  }
  return out;
}

function pickId(arg: string | undefined, allowed: SriMessageId[], fallback: SriMessageId): SriMessageId {
  return arg !== undefined && (allowed as string[]).includes(arg) && arg in SRI_MESSAGES
    ? (arg as SriMessageId)
    : fallback;
}

/** informacionAdicional of a forced refusal, so nobody mistakes it for a real finding. */
export function forcedInfo(directive: string): string {
  return `Resultado forzado por el simulador (campoAdicional simulador=${directive})`;
}
