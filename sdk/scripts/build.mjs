// ESM and CommonJS builds by the TypeScript compiler, twice (no bundler): dist/esm and dist/cjs,
// each with its declarations; dist/cjs/package.json marks the CommonJS half.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
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
