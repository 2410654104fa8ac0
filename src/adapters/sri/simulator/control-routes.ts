import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAULT_MODES, FAULT_SERVICES, type FaultMode, type FaultService, type FaultSpec } from './faults.js';
import type { DocumentSnapshot, SimulatorStats } from './state.js';

/**
 * The simulator's control surface, in process (`control`) and over HTTP under /simulator/ on the
 * simulator's own port, so a separate process (a benchmark) can drive it:
 *   POST /simulator/faults            {service, mode, times?, delayMs?, accessKeys?} → 201 {ok, id}
 *   POST /simulator/reset             → 200 {ok}
 *   GET  /simulator/documents/:key    → 200 {ok, document} | 404
 *   GET  /simulator/stats             → 200 {ok, stats}
 */
export interface SimulatorControl {
  inject(spec: FaultSpec): number;
  reset(): void;
  document(accessKey: string): DocumentSnapshot | null;
  stats(): SimulatorStats;
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
  const doc = /^GET \/simulator\/documents\/([^/]+)$/.exec(route);
  if (doc) {
    const snapshot = control.document(decodeURIComponent(doc[1]!));
    return snapshot === null
      ? [404, { ok: false, error: 'The simulator has not seen this access key' }]
      : [200, { ok: true, document: snapshot }];
  }
  return [404, { ok: false, error: `No route ${route}` }];
}

/** JSON body → FaultSpec; a string is the reason it was refused. */
function faultFromJson(body: Buffer): FaultSpec | string {
  let input: unknown;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return 'The body must be JSON';
  }
  if (typeof input !== 'object' || input === null) return 'The body must be a JSON object';
  const o = input as Record<string, unknown>;
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
