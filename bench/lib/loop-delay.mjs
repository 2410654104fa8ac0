/**
 * Preloaded by bench/purchase-import.bench.ts into the service's processes (`node --import
 * ./bench/lib/loop-delay.mjs dist/main.js`): measures the event-loop delay between two SIGUSR2
 * (perf_hooks.monitorEventLoopDelay). The first resets the histogram and starts it; the second
 * stops it and writes p50, p99 and max (ms) to the file named by BENCH_LOOP_DELAY. The service
 * handles no SIGUSR2 (graphile-worker runs with noHandleSignals). Nothing in src/ knows about it.
 * Plain JavaScript so that it preloads into the compiled service without tsx.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY;
/** The sampling timer's interval; the histogram holds whole intervals, so this is taken off. */
const RESOLUTION_MS = 10;

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let measuring = false;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      measuring = true;
      return;
    }
    histogram.disable();
    measuring = false;
    /** @param {number} ns */
    const late = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    writeFileSync(
      file,
      JSON.stringify({
        p50: late(histogram.percentile(50)),
        p99: late(histogram.percentile(99)),
        max: late(histogram.max),
        samples: histogram.count,
      }),
    );
  });
}
