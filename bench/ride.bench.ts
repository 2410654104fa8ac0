/**
 * RIDE throughput on one core:  npx tsx bench/ride.bench.ts [seconds, default 15]
 *
 * Renders a 10-item invoice (four tax rates, ICE, two payments' worth of totals, additional
 * information) repeatedly and prints PDFs/s, ms per PDF (p50/p99), bytes per PDF and memory for
 * three variants: the plain invoice (the headline figure), the same without compression, and
 * with a PNG logo (prepared once, then served from the logo cache). Then the one-off cost of
 * preparing a logo of each format.
 *
 * The variants run interleaved, in batches, so that a change in machine load hits all of them
 * alike. Throughput is given per CPU-second of this process (user + system, all threads, GC
 * included) and per wall-clock second: on a shared machine wall time also counts the time other
 * processes held the core, CPU time does not.
 */
import { loadavg } from 'node:os';
import { encodeLogo } from '../src/adapters/ride/logo.js';
import { type RideRenderOptions, renderRide, type SalesRideInput } from '../src/adapters/ride/ride.js';
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

const seconds = Number(process.argv[2] ?? 15);
const BATCH = 25;
const model = buildDocument({ items: manyItems(10, [[IVA_15], [IVA_0], [IVA_5], [ICE_10, IVA_15]]) });
const input: SalesRideInput = {
  model,
  status: 'AUTHORIZED',
  authorization: authorizationFor(model),
  language: 'es',
};

interface Variant {
  name: string;
  input: SalesRideInput;
  options: RideRenderOptions;
  times: number[];
  cpuMicros: number;
  bytes: number;
}

const variants: Variant[] = [
  { name: '10-item invoice', input, options: {} },
  { name: '10-item invoice, compression off', input, options: { compress: false } },
  { name: '10-item invoice with PNG logo (cached)', input: { ...input, logo: logo('png') }, options: {} },
].map((v) => ({ ...v, times: [], cpuMicros: 0, bytes: 0 }));

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `RIDE bench, node ${process.version}, ${seconds} s, load average ${loadavg()[0]?.toFixed(2)} at start`,
);
const rssBefore = process.memoryUsage().rss;

// Warm-up by time, not by count: V8 keeps re-optimising for several seconds (bwip-js's encoder
// is a very large module, optimised late).
const warmUntil = performance.now() + 5000;
while (performance.now() < warmUntil) for (const v of variants) await renderRide(v.input, v.options);
const rssWarm = process.memoryUsage().rss;

const deadline = performance.now() + seconds * 1000;
while (performance.now() < deadline) {
  for (const v of variants) {
    const cpu = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) {
      const t0 = performance.now();
      const pdf = await renderRide(v.input, v.options);
      v.times.push(performance.now() - t0);
      v.bytes = pdf.length;
    }
    const used = process.cpuUsage(cpu);
    v.cpuMicros += used.user + used.system;
  }
}

for (const v of variants) {
  const times = [...v.times].sort((a, b) => a - b);
  const pct = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
  const wall = times.reduce((a, b) => a + b, 0) / 1000;
  console.log(`${v.name}: ${times.length} renders`);
  console.log(
    `  PDFs/s       ${(times.length / (v.cpuMicros / 1e6)).toFixed(0)} per CPU-second, ${(times.length / wall).toFixed(0)} per wall-clock second`,
  );
  console.log(`  ms per PDF   p50 ${pct(50)}  p99 ${pct(99)}  (wall clock)`);
  console.log(`  bytes/PDF    ${v.bytes}`);
}
console.log(
  `RSS ${mb(rssBefore)} before, ${mb(rssWarm)} after warm-up, ${mb(process.memoryUsage().rss)} after; heap used ${mb(process.memoryUsage().heapUsed)}`,
);

console.log('logo preparation, once per distinct logo (360×120 test logos, median of 50):');
for (const kind of ['png', 'jpeg', 'gif'] as const) {
  const data = logo(kind).data;
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = performance.now();
    encodeLogo(data);
    if (i >= 10) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${kind.padEnd(5)} ${(times[25] ?? 0).toFixed(2)} ms`);
}
console.log(`load average ${loadavg()[0]?.toFixed(2)} at end`);
