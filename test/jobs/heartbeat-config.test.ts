import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { TEST_MASTER_KEY } from '../helpers/context.js';

const base = { NODE_ENV: 'test', MASTER_KEY: TEST_MASTER_KEY, DATA_DIR: '/tmp/einvoice-config-test' };

describe('WORKER_HEARTBEAT_MS and WORKER_DEAD_AFTER_MS', () => {
  it('default to a beat every 10 s and death after 45 s: recovery within about a minute', () => {
    expect(loadConfig(base).workerHeartbeat).toEqual({ intervalMs: 10_000, deadAfterMs: 45_000 });
    expect(
      loadConfig({ ...base, WORKER_HEARTBEAT_MS: '500', WORKER_DEAD_AFTER_MS: '2000' }).workerHeartbeat,
    ).toEqual({ intervalMs: 500, deadAfterMs: 2000 });
  });

  it('refuse a dead-after shorter than two beats (one late beat is not a crash)', () => {
    const env = { ...base, WORKER_HEARTBEAT_MS: '1000', WORKER_DEAD_AFTER_MS: '1500' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/WORKER_DEAD_AFTER_MS \(1500\) must be at least twice/);
    expect(() => loadConfig({ ...base, WORKER_HEARTBEAT_MS: 'soon' })).toThrow(/WORKER_HEARTBEAT_MS/);
  });
});
