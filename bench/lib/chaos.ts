/**
 * Random faults for the reliability bench, injected over the simulator's HTTP control routes
 * (docs/sri-simulator.md), so the simulator can run in a process of its own.
 */

/** mulberry32: a small seeded generator, so a run can be repeated with the same faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultSpec {
  service: 'reception' | 'authorization' | 'both';
  mode: 'http500' | 'timeout' | 'slow' | 'drop' | 'en-proceso';
  times: number;
  delayMs?: number;
}

/**
 * One fault for the next calls of any document. `timeout` holds longer than the worker's client
 * time-out (`hangMs`); `slow` stays under it; `drop` processes the call and cuts the answer, the
 * lost-response case.
 */
function randomFault(random: () => number, hangMs: number, slowMaxMs: number): FaultSpec {
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const upTo = (n: number) => 1 + Math.floor(random() * n);
  const r = random();
  if (r < 0.25)
    return { service: pick(['reception', 'authorization', 'both']), mode: 'http500', times: upTo(3) };
  if (r < 0.4)
    return {
      service: pick(['reception', 'authorization']),
      mode: 'timeout',
      times: upTo(2),
      delayMs: hangMs,
    };
  if (r < 0.65)
    return { service: 'both', mode: 'slow', times: upTo(5), delayMs: 100 + Math.floor(random() * slowMaxMs) };
  if (r < 0.85) return { service: pick(['reception', 'authorization']), mode: 'drop', times: upTo(2) };
  return { service: 'authorization', mode: 'en-proceso', times: upTo(5) };
}

/**
 * Injects one random fault per `callsPerFault` calls the simulator answers (read from its
 * counters), so faults follow the traffic: a quiet tail never meets a backlog of faults meant
 * for a busy minute.
 */
export function startFaultInjection(opts: {
  simulatorUrl: string;
  random: () => number;
  callsPerFault: number;
  hangMs: number;
  slowMaxMs: number;
}) {
  const injected: Record<string, number> = {};
  let running = true;
  const calls = async () => {
    const res = await fetch(`${opts.simulatorUrl}/simulator/stats`);
    const { stats } = (await res.json()) as { stats: { receptionCalls: number; authorizationCalls: number } };
    return stats.receptionCalls + stats.authorizationCalls;
  };
  const loop = (async () => {
    let last = await calls();
    while (running) {
      const now = await calls();
      for (; last + opts.callsPerFault <= now; last += opts.callsPerFault) {
        const spec = randomFault(opts.random, opts.hangMs, opts.slowMaxMs);
        const res = await fetch(`${opts.simulatorUrl}/simulator/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(spec),
        });
        if (res.status !== 201) throw new Error(`fault refused: ${await res.text()}`);
        injected[spec.mode] = (injected[spec.mode] ?? 0) + spec.times;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    injected,
    async stop() {
      running = false;
      await loop;
    },
  };
}
