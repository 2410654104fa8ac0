import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findForeignWrites, readOwners } from './table-owners.js';

const root = path.resolve(import.meta.dirname, '../..');
const owners = readOwners(readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8'));

describe('one owner per table', () => {
  it('the ownership table of docs/ARCHITECTURE.md names every table of the migrations', () => {
    const created = new Set<string>();
    for (const f of readdirSync(path.join(root, 'migrations'))) {
      const sql = readFileSync(path.join(root, 'migrations', f), 'utf8');
      for (const m of sql.matchAll(/create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?([a-z_]+)/gi))
        created.add(m[1]!.toLowerCase());
      for (const m of sql.matchAll(/drop\s+table\s+(?:if\s+exists\s+)?([a-z_]+)/gi))
        created.delete(m[1]!.toLowerCase());
    }
    expect([...created].filter((t) => !owners.has(t)).sort()).toEqual([]);
  });

  it('no module writes a table it does not own', () => {
    expect(findForeignWrites(root, owners)).toEqual([]);
  });

  it("fails on a planted write to another module's table (Drizzle and raw SQL)", () => {
    const planted = findForeignWrites(path.join(root, 'test/fixtures/table-owners'), owners);
    expect(planted).toEqual([
      {
        file: 'src/modules/alpha/alpha.service.ts',
        unit: 'modules/alpha',
        table: 'api_keys',
        owner: 'modules/keys',
      },
      {
        file: 'src/modules/alpha/alpha.service.ts',
        unit: 'modules/alpha',
        table: 'tenants',
        owner: 'modules/tenants',
      },
    ]);
  });
});
