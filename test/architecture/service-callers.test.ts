import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Services take what they use of their caller (`TenantScope`, an `IssuerScope`, or a
 * `Pick<AuthContext, …>` of their own), never the whole authentication of an HTTP request: a job,
 * the operator console and a test call them with just those facts (docs/ARCHITECTURE.md).
 */
const SRC = fileURLToPath(new URL('../../src/modules/', import.meta.url));

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? serviceFiles(path.join(dir, e.name))
      : /\.service\.ts$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** Parameters typed as the whole AuthContext: `name: AuthContext` followed by `,` or `)`. */
function wholeContextParams(source: string): string[] {
  return [...source.matchAll(/\b(\w+)\??:\s*AuthContext\s*[,)]/g)].map((m) => m[0]);
}

describe('service callers', () => {
  it('the rule sees a whole-context parameter', () => {
    expect(wholeContextParams('async list(auth: AuthContext, id: string) {')).toHaveLength(1);
    expect(wholeContextParams('async list(auth: Caller) {')).toEqual([]);
    expect(wholeContextParams('type Caller = Pick<AuthContext, "tenantId">;')).toEqual([]);
  });

  it('no service takes the whole AuthContext', () => {
    const files = serviceFiles(SRC);
    expect(files.length).toBeGreaterThan(15);
    const offenders = files.flatMap((f) =>
      wholeContextParams(readFileSync(f, 'utf8')).map((m) => `${path.relative(SRC, f)}: ${m}`),
    );
    expect(offenders).toEqual([]);
  });
});
