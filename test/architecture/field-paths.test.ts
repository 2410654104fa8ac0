import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One convention for `errors[].path` (src/shared/errors.ts `FieldError`): a body member is named by
 * its own path (`buyer.email`), never `body.buyer.email`. Nothing strips or tolerates a `body.`
 * prefix, so no source may write one: a string, template or pattern starting with `body.`.
 */
const root = path.resolve(import.meta.dirname, '../..');
/** Generated from the OpenAPI document: property names, no paths. */
const GENERATED = new Set(['sdk/src/schema.d.ts']);
const PREFIXED = /(['"`]|\^)body\\?\./;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !GENERATED.has(f));
}

/** `file:line` of every line that writes a `body.`-prefixed path. */
function prefixed(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    text.split('\n').flatMap((line, i) => (PREFIXED.test(line) ? [`${file}:${i + 1}`] : [])),
  );
}

describe('field paths', () => {
  const files = Object.fromEntries(
    ['src', 'web/src', 'sdk/src'].flatMap(sources).map((f) => [f, readFileSync(path.join(root, f), 'utf8')]),
  );

  it('no source writes, strips or tolerates a body. prefix', () => {
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(prefixed(files)).toEqual([]);
  });

  it('finds a planted one, in each form', () => {
    const planted = {
      'a.ts': "errs.add('body.items', 'x');",
      'b.ts': 'errs.add(`body.items[0]`, "x");',
      'c.ts': "path.replace(/^body\\./, '');",
      'd.ts': "errs.add('items', 'x'); const body = { items: [] }; body.items.push(1);",
    };
    expect(prefixed(planted)).toEqual(['a.ts:1', 'b.ts:1', 'c.ts:1']);
  });
});
