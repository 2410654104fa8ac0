import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/ARCHITECTURE.md ("Rules") can fail: test/fixtures/boundaries/src/
 * (one planted violation of each rule next to an allowed import of the same kind) fails on exactly
 * the planted imports. The real src/ is checked once, by `npm run lint:imports` (in `npm run lint`
 * and a step of .ci/run), not again here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(
    ['src'],
    {
      ...config.options,
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      baseDir,
      outputType: 'json',
    },
    { extensionAlias: { '.js': ['.ts', '.js'] } },
    { tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')) },
  );
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('module boundaries (dependency-cruiser)', () => {
  it('each rule fails on its planted violation, and only there', async () => {
    expect(await violations(path.join(root, 'test/fixtures/boundaries'))).toEqual([
      'adapters-only-shared: src/adapters/pdf/render.ts -> src/modules/alpha/index.ts',
      'module-through-index: src/modules/beta/beta.service.ts -> src/modules/alpha/alpha.service.ts',
      'no-circular: src/shared/cycle-a.ts -> src/shared/cycle-b.ts',
      'no-http-below-routes: src/modules/alpha/alpha.service.ts -> src/http/auth.ts',
    ]);
  });
});
