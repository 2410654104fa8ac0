// ESM and CommonJS builds by the TypeScript compiler, twice (no bundler): dist/esm and dist/cjs,
// each with its declarations; dist/cjs/package.json marks the CommonJS half.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// --if-stale (the repository's `npm install`, root package.json "prepare"): nothing to do when
// both builds are newer than every source file, so a second install costs nothing.
const ifStale = process.argv.includes('--if-stale');
const outArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const out = outArg ? path.resolve(outArg) : path.join(root, 'dist');
const built = ['esm', 'cjs'].map((f) => path.join(out, f, 'index.js'));
if (ifStale && built.every((f) => existsSync(f))) {
  const oldest = Math.min(...built.map((f) => statSync(f).mtimeMs));
  const src = path.join(root, 'src');
  const newest = Math.max(...readdirSync(src).map((f) => statSync(path.join(src, f)).mtimeMs));
  if (newest < oldest) process.exit(0);
}
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch (e) {
  // A production install (--omit=dev) has no compiler and no use for the SDK: not an error there.
  if (!ifStale) throw e;
  console.log('@einvoice-ec/sdk: TypeScript is not installed (production install); SDK not built');
  process.exit(0);
}
rmSync(out, { recursive: true, force: true });
for (const [format, module] of [
  ['esm', 'ES2022'],
  ['cjs', 'CommonJS'],
]) {
  const dir = path.join(out, format);
  execFileSync(
    process.execPath,
    [
      tsc,
      '-p',
      path.join(root, 'tsconfig.json'),
      '--outDir',
      dir,
      '--module',
      module,
      '--moduleResolution',
      module === 'CommonJS' ? 'Node10' : 'Bundler',
    ],
    { stdio: 'inherit' },
  );
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(root, 'src/schema.d.ts'), path.join(dir, 'schema.d.ts'));
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ type: format === 'esm' ? 'module' : 'commonjs' })}\n`,
  );
}
