/**
 * Faults injected by tests and benchmarks (no magic values needed). Each matching call uses up
 * one of `times`; without `times` the fault lasts until reset().
 */

/** `both` is reception and authorization; ConsultaComprobante is `consulta` only. */
export type FaultService = 'reception' | 'authorization' | 'both' | 'consulta';
/**
 * http500: HTTP 500 with a SOAP Fault, nothing processed. timeout: hang `delayMs` (default: the
 * simulator's hang, 60 s) then drop the connection, nothing processed. slow: wait `delayMs`, then
 * answer normally. drop: process (a reception is recorded), then destroy the connection without
 * answering. en-proceso: authorization answers EN PROCESO for the latest submission. throttled:
 * authorization or consulta answers error 33 "Dirección IP sancionada" (throttle.ts).
 */
export type FaultMode = 'http500' | 'timeout' | 'slow' | 'drop' | 'en-proceso' | 'throttled';
type CalledService = 'reception' | 'authorization' | 'consulta';

export interface FaultSpec {
  service: FaultService;
  mode: FaultMode;
  times?: number;
  delayMs?: number;
  /** Only calls about these keys; a reception whose key cannot be read never matches. */
  match?: (accessKey: string) => boolean;
}

export interface ActiveFault {
  id: number;
  service: FaultService;
  mode: FaultMode;
  remaining: number;
  delayMs: number | null;
  match: ((accessKey: string) => boolean) | null;
}

export const FAULT_MODES: readonly FaultMode[] = [
  'http500',
  'timeout',
  'slow',
  'drop',
  'en-proceso',
  'throttled',
];
export const FAULT_SERVICES: readonly FaultService[] = ['reception', 'authorization', 'both', 'consulta'];

/** Whether a fault of `mode` means anything to a call of `service`. */
function applies(mode: FaultMode, service: CalledService): boolean {
  if (mode === 'en-proceso') return service === 'authorization';
  if (mode === 'throttled') return service !== 'reception';
  return true;
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  inject(spec: FaultSpec): number {
    if (!FAULT_SERVICES.includes(spec.service)) throw new TypeError(`Unknown service "${spec.service}"`);
    if (!FAULT_MODES.includes(spec.mode)) throw new TypeError(`Unknown fault mode "${spec.mode}"`);
    if (spec.mode === 'en-proceso' && spec.service !== 'authorization' && spec.service !== 'both') {
      throw new TypeError('en-proceso applies to the authorization service');
    }
    if (spec.mode === 'throttled' && spec.service === 'reception') {
      throw new TypeError('throttled applies to the authorization and consulta services');
    }
    if (spec.times !== undefined && (!Number.isInteger(spec.times) || spec.times < 1)) {
      throw new TypeError('times must be a positive integer');
    }
    if (spec.delayMs !== undefined && (!Number.isFinite(spec.delayMs) || spec.delayMs < 0)) {
      throw new TypeError('delayMs must be a non-negative number');
    }
    if (spec.mode === 'slow' && spec.delayMs === undefined) throw new TypeError('slow needs delayMs');
    const id = this.nextId++;
    this.faults.push({
      id,
      service: spec.service,
      mode: spec.mode,
      remaining: spec.times ?? Number.POSITIVE_INFINITY,
      delayMs: spec.delayMs ?? null,
      match: spec.match ?? null,
    });
    return id;
  }

  /** The first active fault for this call, spending one of its uses. */
  take(service: CalledService, accessKey: string | null): ActiveFault | null {
    const fault = this.faults.find(
      (f) =>
        f.remaining > 0 &&
        (f.service === service || (f.service === 'both' && service !== 'consulta')) &&
        applies(f.mode, service) &&
        (f.match === null || (accessKey !== null && f.match(accessKey))),
    );
    if (!fault) return null;
    fault.remaining--;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  active(): Omit<ActiveFault, 'match'>[] {
    return this.faults.map(({ match: _match, ...f }) => f);
  }

  reset(): void {
    this.faults = [];
  }
}
