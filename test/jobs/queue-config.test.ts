import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { TEST_MASTER_KEY } from '../helpers/context.js';

const base = { NODE_ENV: 'test', MASTER_KEY: TEST_MASTER_KEY, DATA_DIR: '/tmp/einvoice-config-test' };

describe('the worker queue settings (local queue, batched completions)', () => {
  it('default to a local queue of 64, no refetch delay and 100 ms batches', () => {
    expect(loadConfig(base).workerQueue).toEqual({
      localQueueSize: 64,
      refetchDelayMs: 0,
      completeBatchMs: 100,
      failBatchMs: 100,
    });
  });

  it('can turn each one off', () => {
    const env = {
      ...base,
      WORKER_LOCAL_QUEUE_SIZE: '0',
      WORKER_REFETCH_DELAY_MS: '0',
      WORKER_COMPLETE_BATCH_MS: '-1',
      WORKER_FAIL_BATCH_MS: '-1',
    };
    expect(loadConfig(env).workerQueue).toEqual({
      localQueueSize: 0,
      refetchDelayMs: 0,
      completeBatchMs: -1,
      failBatchMs: -1,
    });
    expect(loadConfig({ ...base, WORKER_COMPLETE_BATCH_MS: '0' }).workerQueue.completeBatchMs).toBe(0);
    expect(loadConfig({ ...base, WORKER_REFETCH_DELAY_MS: '50' }).workerQueue.refetchDelayMs).toBe(50);
  });

  it.each([
    ['WORKER_LOCAL_QUEUE_SIZE', 'many', /WORKER_LOCAL_QUEUE_SIZE must be an integer, got "many"/],
    ['WORKER_LOCAL_QUEUE_SIZE', '-1', /WORKER_LOCAL_QUEUE_SIZE must be an integer/],
    ['WORKER_LOCAL_QUEUE_SIZE', '1001', /WORKER_LOCAL_QUEUE_SIZE must be between 0 and 1000, got 1001/],
    // graphile-worker refuses a refetch delay longer than the poll interval (1 s).
    ['WORKER_REFETCH_DELAY_MS', '1500', /WORKER_REFETCH_DELAY_MS must be between 0 and 1000/],
    [
      'WORKER_COMPLETE_BATCH_MS',
      '-2',
      /WORKER_COMPLETE_BATCH_MS must be between -1 \(off\) and 5000, got -2/,
    ],
    ['WORKER_COMPLETE_BATCH_MS', '0.5', /WORKER_COMPLETE_BATCH_MS must be an integer \(-1: off\), got "0.5"/],
    ['WORKER_FAIL_BATCH_MS', 'off', /WORKER_FAIL_BATCH_MS must be an integer \(-1: off\), got "off"/],
  ])('refuse %s=%s in one line', (name, value, message) => {
    const env = { ...base, [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
