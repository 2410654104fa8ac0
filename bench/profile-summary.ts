import { readFileSync } from 'node:fs';

/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its samples: self time per function and per
 * package or source file, in percent of the non-idle samples.
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top, default 40]
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
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
