import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../web/scripts/api-types.js';

/**
 * web/src/api-types.ts is generated from the OpenAPI document (openapi-typescript) and committed;
 * the pages' records (web/src/api-models.ts) are named from it. A route schema changed without
 * `npm run web:api-types` leaves the web client typed against an API that no longer exists: this
 * fails then, with the command to run.
 */
describe('web client API types', () => {
  it('web/src/api-types.ts is what the OpenAPI document generates today', async () => {
    const fresh = await generateApiTypes();
    expect(fresh).toContain('"/v1/documents/{accessKey}": {');
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect(committed === fresh, 'web/src/api-types.ts is stale: run `npm run web:api-types`').toBe(true);
  }, 120_000);
});
