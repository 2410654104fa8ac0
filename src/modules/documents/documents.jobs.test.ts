import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS_CRONTAB, FOLD_COUNTS_JOB } from './documents.jobs.js';

describe('DOCUMENTS_CRONTAB', () => {
  it('is a crontab graphile-worker accepts: the counters folded every minute, one pending at a time', () => {
    const [item] = parseCrontab(DOCUMENTS_CRONTAB);
    expect(item).toMatchObject({
      task: FOLD_COUNTS_JOB,
      options: { maxAttempts: 1, jobKey: FOLD_COUNTS_JOB },
    });
    expect(item!.match).toBeTypeOf('function');
  });
});
