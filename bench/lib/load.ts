import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Keeps `concurrency` requests in flight for `seconds`, over keep-alive connections. */
export async function runLoad(opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  seconds: number;
  expectStatus?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + opts.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: opts.method ?? 'GET',
          headers: opts.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode !== (opts.expectStatus ?? 200)) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (opts.body) req.write(opts.body);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
  };
}

export function formatLoad(label: string, r: LoadResult): string {
  return `${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2)} ms   p95 ${r.p95.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   (${r.requests} requests, ${r.errors} errors)`;
}

/**
 * Open-loop load: starts `rate` requests per second for `seconds`, whatever the answers take, and
 * measures each latency from the moment its request was due (so a stall counts for every request
 * it delays, not once).
 */
export async function runRate(opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  rate: number;
  seconds: number;
  expectStatus?: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(opts.rate * opts.seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: opts.method ?? 'POST',
          headers: opts.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode !== (opts.expectStatus ?? 200)) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (opts.body) req.write(opts.body);
      req.end();
    });
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
  };
}
