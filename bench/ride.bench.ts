/**
 * RIDE throughput on one core: renders a 10-item invoice repeatedly and prints PDFs/s, ms per
 * PDF (p50/p99), bytes per PDF and memory.  npx tsx bench/ride.bench.ts [seconds] [--logo]
 * With --logo the invoice carries the PNG test logo (prepared once, then served from the cache).
 */
import { loadavg } from 'node:os';
import { type RideInput, renderRide } from '../src/adapters/ride/ride.js';
import {
  authorizationFor,
  buildDocument,
  ICE_10,
  IVA_0,
  IVA_5,
  IVA_15,
  logo,
  manyItems,
} from '../test/ride/fixtures.js';

const seconds = Number(process.argv.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 5);
const withLogo = process.argv.includes('--logo');

const model = buildDocument({ items: manyItems(10, [[IVA_15], [IVA_0], [IVA_5], [ICE_10, IVA_15]]) });
const input: RideInput = {
  model,
  status: 'AUTHORIZED',
  authorization: authorizationFor(model),
  language: 'es',
  logo: withLogo ? logo('png') : null,
};

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const rssBefore = process.memoryUsage().rss;

// warm-up: JIT, module state (font widths, label layout), logo cache
for (let i = 0; i < 200; i++) await renderRide(input);

const times: number[] = [];
let bytes = 0;
const cpuStart = process.cpuUsage();
const start = performance.now();
const deadline = start + seconds * 1000;
while (performance.now() < deadline) {
  const t0 = performance.now();
  const pdf = await renderRide(input);
  times.push(performance.now() - t0);
  bytes = pdf.length;
}
const elapsed = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
// CPU time of the whole process (all threads, GC included): unlike wall time it does not move when
// other processes compete for the core, so it is the figure to compare between runs
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
times.sort((a, b) => a - b);
const pct = (p: number) =>
  (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
const rssAfter = process.memoryUsage().rss;

console.log(
  `RIDE bench: 10-item invoice${withLogo ? ' with PNG logo' : ''}, ${times.length} renders in ${elapsed.toFixed(1)} s (node ${process.version}, one core)`,
);
console.log(
  `  throughput   ${(times.length / cpuSeconds).toFixed(0)} PDFs per CPU-second; ${(times.length / elapsed).toFixed(0)} PDFs/s wall clock (load average ${loadavg()[0]?.toFixed(2)})`,
);
console.log(`  ms per PDF   p50 ${pct(50)}  p99 ${pct(99)}  max ${(times.at(-1) ?? 0).toFixed(2)}`);
console.log(`  bytes/PDF    ${bytes}`);
console.log(
  `  RSS          before ${mb(rssBefore)}, after ${mb(rssAfter)}; heap used ${mb(process.memoryUsage().heapUsed)}`,
);
