import { readFileSync } from 'node:fs';

/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its samples: self time per function and per
 * package or source file, in percent of the non-idle samples.
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top, default 40] [--from-s N] [--to-s M]
 * --from-s / --to-s keep the samples between those seconds of the profile (a server's start-up,
 * module loading and schema compilation, otherwise outweighs a short load); without them it also
 * prints the busy milliseconds of each second, to choose the window.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return null;
  const v = Number(args[i + 1]);
  args.splice(i, 2);
  return v;
};
const fromS = flag('--from-s');
const toS = flag('--to-s');
const [file, topArg] = args;
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const idle = new Set(
  profile.nodes.filter((n) => ['(idle)', '(program)'].includes(n.callFrame.functionName)).map((n) => n.id),
);
const selfUs = new Map<number, number>();
const busyPerSecond: number[] = [];
let at = 0;
for (const [i, id] of profile.samples.entries()) {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  const second = Math.floor(at / 1e6);
  if (!idle.has(id)) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + dt;
  if ((fromS !== null && second < fromS) || (toS !== null && second >= toS)) continue;
  selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
}
if (fromS === null && toS === null)
  console.log(
    `Busy ms in each second: ${Array.from(busyPerSecond, (us, s) => `${s}:${Math.round((us ?? 0) / 1000)}`).join(' ')}`,
  );
const where = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  if (!url) return '(native)';
  return url.replace(/^.*\/(dist|src)\//, '$1/');
};
const fns = new Map<string, number>();
const places = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)' || name === '(program)') continue;
  total += us;
  const place = where(n.callFrame.url);
  const key = `${name}  ${place}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  places.set(place, (places.get(place) ?? 0) + us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (self time, % of ${(total / 1000).toFixed(0)} ms busy)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us * 100) / total).toFixed(1).padStart(5)}%  ${k}`);
};
print('By package or file', places);
print('By function', fns);
