import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from '../web/ensure-built.js';

/**
 * What `npm start` runs first: the web app (web/dist) and the server compiled by tsc into dist/
 * (tsconfig.build.json), each rebuilt only when its sources changed (a hash of every source file,
 * kept in dist/.source-hash). Production runs plain node on dist/ (docs/scaling.md, "Memory"):
 * tsx compiles every module in the process and holds about twice the memory.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_DIST = path.join(ROOT, 'dist');
const HASH_FILE = path.join(SERVER_DIST, '.source-hash');

function serverSourceFiles(): string[] {
  const out = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((f) => path.join(ROOT, f));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(full);
    }
  };
  walk(path.join(ROOT, 'src'));
  return out;
}

function serverSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of serverSourceFiles()) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Compiles src/ into dist/ unless dist/ was built from the same sources. */
export function ensureServerBuilt(log: (m: string) => void = () => {}): { built: boolean; ms: number } {
  const started = performance.now();
  const hash = serverSourceHash();
  const current = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8').trim() : null;
  if (current === hash && existsSync(path.join(SERVER_DIST, 'main.js'))) return { built: false, ms: 0 };
  log('Compiling the server (src/ -> dist/)...');
  // A fresh directory: a module deleted from src/ leaves no stale copy behind.
  rmSync(SERVER_DIST, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  writeFileSync(HASH_FILE, `${hash}\n`);
  const ms = Math.round(performance.now() - started);
  log(`Server compiled in ${ms} ms`);
  return { built: true, ms };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const print = (m: string) => process.stdout.write(`${m}\n`);
  const force = process.argv.includes('--force');
  if (force && existsSync(HASH_FILE)) writeFileSync(HASH_FILE, 'stale\n');
  if (!process.argv.includes('--server-only')) await ensureWebBuilt(print);
  ensureServerBuilt(print);
}
