import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md's file map stays true: every entry point of src/, every folder, every module
 * and adapter, and every file of the kernel folders (whose files the map describes one by one) is
 * named in it. Inside a module or adapter the folder's own index.ts and docs describe the files.
 */
const root = path.resolve(import.meta.dirname, '../..');
const map = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
/** Folders whose every file the map names. */
const KERNEL = ['shared', 'http', 'rate-limit', 'config'];

const entries = (dir: string) => readdirSync(path.join(root, dir), { withFileTypes: true });
const sourceFiles = (dir: string) =>
  entries(dir)
    .filter(
      (e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'index.ts',
    )
    .map((e) => e.name);
const folders = (dir: string) =>
  entries(dir)
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** `name` as a whole word of the text: not part of a longer name (`pool.ts` is not in `auth-pool.ts`). */
const named = (text: string, name: string) =>
  new RegExp(`(^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`, 'm').test(text);

/** What the map text does not name, as paths under src/. */
function unmapped(text: string): string[] {
  const missing: string[] = [];
  for (const f of sourceFiles('src')) if (!named(text, f)) missing.push(`src/${f}`);
  for (const d of folders('src')) if (!named(text, `${d}/`)) missing.push(`src/${d}/`);
  for (const parent of ['modules', 'adapters'])
    for (const d of folders(`src/${parent}`)) if (!named(text, d)) missing.push(`src/${parent}/${d}/`);
  for (const dir of KERNEL)
    for (const f of sourceFiles(`src/${dir}`)) if (!named(text, f)) missing.push(`src/${dir}/${f}`);
  return missing;
}

describe('the file map of docs/ARCHITECTURE.md', () => {
  it('names every entry point, folder, module, adapter and kernel file of src/', () => {
    expect(unmapped(map)).toEqual([]);
  });

  it('reports a file, a module and a folder it stops naming', () => {
    const without = (text: string, word: RegExp) => text.replace(word, '');
    let text = without(map, /(^|[^\w.-])startup\.ts(?![\w-])/gm);
    text = without(text, /(^|[^\w.-])request-log(?![\w-])/gm);
    text = without(text, /(^|[^\w.-])rate-limit\/(?![\w-])/gm);
    expect(unmapped(text)).toEqual(
      expect.arrayContaining(['src/startup.ts', 'src/modules/request-log/', 'src/rate-limit/']),
    );
    expect(unmapped(text)).toHaveLength(3);
  });
});
