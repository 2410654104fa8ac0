import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { SUBMISSION_CRONTAB } from './submission.jobs.js';
import { SWEEP_JOB } from './submission.repository.js';

describe('SUBMISSION_CRONTAB', () => {
  it('is a crontab graphile-worker accepts: the sweep every minute, one attempt, one pending at a time', () => {
    const [item] = parseCrontab(SUBMISSION_CRONTAB);
    expect(item).toMatchObject({
      task: SWEEP_JOB,
      options: { maxAttempts: 1, jobKey: SWEEP_JOB },
    });
    expect(item!.match).toBeTypeOf('function');
  });
});
