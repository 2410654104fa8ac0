import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One owner per table (docs/ARCHITECTURE.md, "Table owners"): finds every write to a table —
 * Drizzle `.insert(t)`, `.update(t)`, `.delete(t)` and raw SQL `insert into t`, `update t`,
 * `delete from t` — in the source files under `<root>/src/` and reports those made by a unit that
 * does not own the table. A unit is `modules/<name>` or the first folder under src/.
 */
export interface ForeignWrite {
  file: string;
  unit: string;
  table: string;
  owner: string;
}

/** The table of docs/ARCHITECTURE.md: rows "| `table`, `table` | owner |" under "## Table owners". */
export function readOwners(markdown: string): Map<string, string> {
  const section = markdown.split(/^## Table owners$/m)[1]?.split(/^## /m)[0] ?? '';
  const owners = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1]?.includes('`')) continue;
    const owner = cells[2]!.replace(/`/g, '');
    for (const m of cells[1].matchAll(/`([a-z_]+)`/g)) owners.set(m[1]!, owner);
  }
  return owners;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function unitOf(relative: string): string {
  const parts = relative.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : '(src)';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const DRIZZLE_WRITE = /\.(?:insert|update|delete)\(\s*([A-Za-z]+)\s*\)/g;
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi;

export function findForeignWrites(root: string, owners: Map<string, string>): ForeignWrite[] {
  const src = path.join(root, 'src');
  const found: ForeignWrite[] = [];
  for (const file of sourceFiles(src)) {
    const relative = path.relative(src, file).split(path.sep).join('/');
    const unit = unitOf(relative);
    // Comments may name a table without writing it.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const tables = new Set<string>();
    for (const m of code.matchAll(DRIZZLE_WRITE)) tables.add(snake(m[1]!));
    for (const m of code.matchAll(SQL_WRITE)) tables.add(m[1]!.toLowerCase());
    for (const table of tables) {
      const owner = owners.get(table);
      if (owner !== undefined && owner !== unit) found.push({ file: `src/${relative}`, unit, table, owner });
    }
  }
  return found.sort((a, b) => `${a.file}${a.table}`.localeCompare(`${b.file}${b.table}`));
}
