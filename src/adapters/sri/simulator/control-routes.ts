import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAULT_MODES, FAULT_SERVICES, type FaultMode, type FaultService, type FaultSpec } from './faults.js';
import {
  type DocumentSnapshot,
  SimulatorControlError,
  type SimulatorStats,
  VOIDING_STATES,
  type VoidingState,
} from './state.js';
import type { ThrottleLimit } from './throttle.js';

/**
 * The simulator's control surface, in process (`control`) and over HTTP under /simulator/ on the
 * simulator's own port, so a separate process (a benchmark) can drive it:
 *   POST /simulator/faults            {service, mode, times?, delayMs?, accessKeys?} → 201 {ok, id}
 *   POST /simulator/reset             → 200 {ok}
 *   GET  /simulator/documents/:key    → 200 {ok, document} | 404
 *   GET  /simulator/stats             → 200 {ok, stats}
 *   POST /simulator/documents/:key/status {status: ANULADO | PENDIENTE DE ANULAR | AUTORIZADO}
 *                                     → 200 {ok, document} | 400 | 404 unknown key | 409 not authorized
 *   POST /simulator/settings          {throttle?: {maxCalls, windowMs} | null, statusWindowMonths?: n | null}
 *                                     → 200 {ok, settings}
 * reset() forgets documents, faults, voids and settings, but not the seeded third-party documents.
 */
export interface SimulatorControl {
  inject(spec: FaultSpec): number;
  reset(): void;
  document(accessKey: string): DocumentSnapshot | null;
  stats(): SimulatorStats;
  /** Voids (or requests the void of) any known authorized document, as SRI en línea would. Throws SimulatorControlError. */
  setSriStatus(accessKey: string, status: VoidingState | 'AUTORIZADO'): DocumentSnapshot;
  configure(patch: Partial<SimulatorSettings>): SimulatorSettings;
}

export interface SimulatorSettings {
  /** Error 33 past maxCalls query calls (authorization + consulta) within windowMs; null: never. */
  throttle: ThrottleLimit | null;
  /** ConsultaComprobante answers for keys issued this many months back, the current one included; null: any. */
  statusWindowMonths: number | null;
}

export function handleControlRequest(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  body: Buffer,
  control: SimulatorControl,
): void {
  const [status, payload] = route(`${req.method} ${pathname}`, body, control);
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
  });
  res.end(bytes);
}

function route(route: string, body: Buffer, control: SimulatorControl): [number, unknown] {
  if (route === 'POST /simulator/faults') {
    const spec = faultFromJson(body);
    if (typeof spec === 'string') return [400, { ok: false, error: spec }];
    try {
      return [201, { ok: true, id: control.inject(spec) }];
    } catch (e) {
      return [400, { ok: false, error: (e as Error).message }];
    }
  }
  if (route === 'POST /simulator/reset') {
    control.reset();
    return [200, { ok: true }];
  }
  if (route === 'GET /simulator/stats') return [200, { ok: true, stats: control.stats() }];
  if (route === 'POST /simulator/settings') {
    const patch = settingsFromJson(body);
    if (typeof patch === 'string') return [400, { ok: false, error: patch }];
    return [200, { ok: true, settings: control.configure(patch) }];
  }
  const status = /^POST \/simulator\/documents\/([^/]+)\/status$/.exec(route);
  if (status) {
    const input = jsonObject(body);
    const value = typeof input === 'string' ? undefined : input.status;
    if (value !== 'AUTORIZADO' && !VOIDING_STATES.includes(value as VoidingState)) {
      return [400, { ok: false, error: `status must be one of AUTORIZADO, ${VOIDING_STATES.join(', ')}` }];
    }
    try {
      const document = control.setSriStatus(decodeURIComponent(status[1]!), value as VoidingState);
      return [200, { ok: true, document }];
    } catch (e) {
      if (!(e instanceof SimulatorControlError)) throw e;
      return [e.status, { ok: false, error: e.message }];
    }
  }
  const doc = /^GET \/simulator\/documents\/([^/]+)$/.exec(route);
  if (doc) {
    const snapshot = control.document(decodeURIComponent(doc[1]!));
    return snapshot === null
      ? [404, { ok: false, error: 'The simulator has not seen this access key' }]
      : [200, { ok: true, document: snapshot }];
  }
  return [404, { ok: false, error: `No route ${route}` }];
}

function jsonObject(body: Buffer): Record<string, unknown> | string {
  let input: unknown;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return 'The body must be JSON';
  }
  if (typeof input !== 'object' || input === null) return 'The body must be a JSON object';
  return input as Record<string, unknown>;
}

function settingsFromJson(body: Buffer): Partial<SimulatorSettings> | string {
  const o = jsonObject(body);
  if (typeof o === 'string') return o;
  const patch: Partial<SimulatorSettings> = {};
  const count = (v: unknown, min: number) => typeof v === 'number' && Number.isInteger(v) && v >= min;
  if (o.throttle !== undefined) {
    const t = o.throttle as Record<string, unknown> | null;
    if (t !== null && (typeof t !== 'object' || !count(t.maxCalls, 0) || !count(t.windowMs, 1))) {
      return 'throttle must be null or {maxCalls: integer >= 0, windowMs: integer >= 1}';
    }
    patch.throttle = t === null ? null : { maxCalls: t.maxCalls as number, windowMs: t.windowMs as number };
  }
  if (o.statusWindowMonths !== undefined) {
    if (o.statusWindowMonths !== null && !count(o.statusWindowMonths, 1)) {
      return 'statusWindowMonths must be null or an integer >= 1';
    }
    patch.statusWindowMonths = o.statusWindowMonths as number | null;
  }
  return patch;
}

/** JSON body → FaultSpec; a string is the reason it was refused. */
function faultFromJson(body: Buffer): FaultSpec | string {
  const o = jsonObject(body);
  if (typeof o === 'string') return o;
  if (!FAULT_SERVICES.includes(o.service as FaultService))
    return `service must be one of ${FAULT_SERVICES.join(', ')}`;
  if (!FAULT_MODES.includes(o.mode as FaultMode)) return `mode must be one of ${FAULT_MODES.join(', ')}`;
  for (const name of ['times', 'delayMs'] as const) {
    if (o[name] !== undefined && typeof o[name] !== 'number') return `${name} must be a number`;
  }
  const keys = o.accessKeys;
  if (keys !== undefined && (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string'))) {
    return 'accessKeys must be an array of strings';
  }
  const spec: FaultSpec = { service: o.service as FaultService, mode: o.mode as FaultMode };
  if (o.times !== undefined) spec.times = o.times as number;
  if (o.delayMs !== undefined) spec.delayMs = o.delayMs as number;
  if (keys !== undefined) {
    const set = new Set(keys as string[]);
    spec.match = (key) => set.has(key);
  }
  return spec;
}
