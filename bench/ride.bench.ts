/**
 * RIDE throughput on one core:  npx tsx bench/ride.bench.ts [seconds per phase, default 5]
 *
 * Renders a 10-item invoice (four tax rates, ICE, payments, additional information) repeatedly
 * and prints PDFs/s, ms per PDF (p50/p99), bytes per PDF and memory, for: the plain invoice
 * (the headline figure), the same without compression, and with a PNG logo (prepared once, then
 * served from the logo cache). Then the one-off cost of preparing a logo of each format.
 *
 * Throughput is given per CPU-second of this process (user + system, all threads, GC included)
 * as well as per wall-clock second: on a shared machine wall time also counts the time other
 * processes held the core, CPU time does not.
 */
import { loadavg } from 'node:os';
import { encodeLogo } from '../src/adapters/ride/logo.js';
import { type RideInput, type RideRenderOptions, renderRide } from '../src/adapters/ride/ride.js';
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

const seconds = Number(process.argv[2] ?? 5);
const model = buildDocument({ items: manyItems(10, [[IVA_15], [IVA_0], [IVA_5], [ICE_10, IVA_15]]) });
const input: RideInput = {
  model,
  status: 'AUTHORIZED',
  authorization: authorizationFor(model),
  language: 'es',
};

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function phase(name: string, ride: RideInput, options: RideRenderOptions = {}): Promise<void> {
  for (let i = 0; i < 300; i++) await renderRide(ride, options); // JIT, module tables, logo cache
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  let bytes = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    const t0 = performance.now();
    const pdf = await renderRide(ride, options);
    times.push(performance.now() - t0);
    bytes = pdf.length;
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
  const rssAfter = process.memoryUsage().rss;
  console.log(`${name}: ${times.length} renders in ${wall.toFixed(1)} s`);
  console.log(
    `  PDFs/s       ${(times.length / cpuSeconds).toFixed(0)} per CPU-second, ${(times.length / wall).toFixed(0)} per wall-clock second`,
  );
  console.log(`  ms per PDF   p50 ${pct(50)}  p99 ${pct(99)}  (wall clock)`);
  console.log(`  bytes/PDF    ${bytes}`);
  console.log(
    `  RSS          ${mb(rssBefore)} before, ${mb(rssAfter)} after; heap used ${mb(process.memoryUsage().heapUsed)}`,
  );
}

console.log(
  `RIDE bench, node ${process.version}, ${seconds} s per phase, load average ${loadavg()[0]?.toFixed(2)} at start`,
);
const rssStart = process.memoryUsage().rss;
await phase('10-item invoice', input);
await phase('10-item invoice, compression off', input, { compress: false });
await phase('10-item invoice with PNG logo (cached)', { ...input, logo: logo('png') });

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
console.log(
  `RSS at start ${mb(rssStart)}, at end ${mb(process.memoryUsage().rss)}; load average ${loadavg()[0]?.toFixed(2)} at end`,
);
