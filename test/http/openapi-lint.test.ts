import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../src/openapi-cli.js';
import { runChild } from '../helpers/child.js';

/**
 * `redocly lint` (recommended ruleset, redocly.yaml) can fail: a copy of the document the server
 * generates with a repeated operationId gets an error. The real document is linted once, by
 * `npm run lint:openapi` (in `npm run lint` and a step of .ci/run), not again here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-redocly-'));
// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document walked by path
let doc: Record<string, any>;

interface LintResult {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string }[];
}

async function lint(document: object): Promise<LintResult> {
  const file = path.join(dir, `openapi-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document));
  const run = await runChild(path.join(root, 'node_modules/.bin/redocly'), ['lint', '--format=json', file], {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return JSON.parse(run.stdout) as LintResult;
}

beforeAll(async () => {
  doc = await generateOpenApiDocument('http://localhost:3000');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('redocly lint', () => {
  it('fails a document with a repeated operationId', async () => {
    const broken = structuredClone(doc);
    broken.paths['/v1/keys'].get.operationId = broken.paths['/v1/keys'].post.operationId;
    const result = await lint(broken);
    expect(result.totals.errors).toBeGreaterThan(0);
    expect(result.problems.map((p) => p.ruleId)).toContain('operation-operationId-unique');
  });
});
