import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { TEST_MASTER_KEY } from '../helpers/context.js';

const base = { NODE_ENV: 'test', MASTER_KEY: TEST_MASTER_KEY, DATA_DIR: '/tmp/einvoice-config-test' };

describe('PROVIDER_ISSUER_ID', () => {
  it('is null when unset (no self-billing) and a lower-case UUID when set', () => {
    expect(loadConfig(base).providerIssuerId).toBeNull();
    expect(loadConfig({ ...base, PROVIDER_ISSUER_ID: '' }).providerIssuerId).toBeNull();
    const id = '5A0C1F50-0000-4000-8000-0000000000AB';
    expect(loadConfig({ ...base, PROVIDER_ISSUER_ID: id }).providerIssuerId).toBe(id.toLowerCase());
  });

  it('refuses a value that is not a UUID, naming the variable', () => {
    expect(() => loadConfig({ ...base, PROVIDER_ISSUER_ID: 'issuer-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PROVIDER_ISSUER_ID: 'issuer-1' })).toThrow(/PROVIDER_ISSUER_ID/);
  });
});
