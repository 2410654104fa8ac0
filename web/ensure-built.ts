import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the web app when its sources changed since the last build (a hash of every source
 * file, kept in web/dist/.source-hash). `npm start` and the test run call it, so a fresh clone
 * needs nothing beyond `npm install && npm start`; an unchanged tree costs a few milliseconds.
 */
const WEB_DIR = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.join(WEB_DIR, 'dist');
const HASH_FILE = path.join(WEB_DIST, '.source-hash');

function sourceFiles(): string[] {
  // The server's form rules are bundled into the app (web/src/form-check.ts).
  const out = ['index.html', 'vite.config.ts', '../package-lock.json', '../src/shared/form-rules.ts'].map(
    (f) => path.join(WEB_DIR, f),
  );
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(path.join(WEB_DIR, 'src'));
  // The SDK's HTTP core and API types are bundled too (web/src/api.ts, api-models.ts).
  walk(path.join(WEB_DIR, '../sdk/src'));
  if (existsSync(path.join(WEB_DIR, 'public'))) walk(path.join(WEB_DIR, 'public'));
  return out;
}

export function webSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(WEB_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export async function ensureWebBuilt(
  log: (m: string) => void = () => {},
): Promise<{ built: boolean; ms: number }> {
  const started = performance.now();
  const hash = webSourceHash();
  const current = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8').trim() : null;
  if (current === hash && existsSync(path.join(WEB_DIST, 'index.html'))) return { built: false, ms: 0 };
  log('Building the web app (web/ -> web/dist)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(HASH_FILE, `${hash}\n`);
  const ms = Math.round(performance.now() - started);
  log(`Web app built in ${ms} ms`);
  return { built: true, ms };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  if (force && existsSync(HASH_FILE)) writeFileSync(HASH_FILE, 'stale\n');
  await ensureWebBuilt((m) => process.stdout.write(`${m}\n`));
}
