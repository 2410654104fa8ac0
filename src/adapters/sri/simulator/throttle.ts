/**
 * Error 33 "Dirección IP sancionada" (REFERENCE §3: too many calls in a short period). Off unless
 * configured (SimulatorSettings.throttle) or injected as a fault; it counts the calls of the two
 * query services (autorizacionComprobante and ConsultaComprobante) in a sliding window, as one
 * client address: the simulator serves one machine.
 */
export interface ThrottleLimit {
  maxCalls: number;
  windowMs: number;
}

export class Throttle {
  private calls: number[] = [];

  constructor(private limit: ThrottleLimit | null) {}

  configure(limit: ThrottleLimit | null): void {
    this.limit = limit;
    this.calls = [];
  }

  current(): ThrottleLimit | null {
    return this.limit;
  }

  /** Records a call at `now`; true when it is over the limit (refused calls count too, as a ban would). */
  hit(now: number): boolean {
    if (this.limit === null) return false;
    const since = now - this.limit.windowMs;
    this.calls = this.calls.filter((t) => t > since);
    this.calls.push(now);
    return this.calls.length > this.limit.maxCalls;
  }
}

export const THROTTLE_MESSAGE = {
  identifier: '33',
  message: 'DIRECCIÓN IP SANCIONADA',
  additionalInfo: 'Se ha excedido el número de consultas permitidas en un periodo de tiempo',
  type: 'ERROR',
} as const;
