/**
 * The tax authority lifecycle: submission, authorization, retries, reconciliation, and the
 * endpoints that act on it. Other modules attach work to outcomes through `hooks`.
 */
import type pg from 'pg';
import type { Logger } from 'pino';
import type { SriClient } from '../../adapters/sri/index.js';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import type { AfterCreateHook } from '../documents/index.js';
import type { SigningKeyCache } from '../issuers/index.js';
import type { SubmissionHooks } from './hooks.js';
import { createProcessor } from './processor.js';
import { createVoidCheckJob } from './sri-void-check.js';
import {
  createProcessJob,
  createSweepJob,
  SUBMISSION_CRONTAB,
  sweepStuckDocuments,
} from './submission.jobs.js';
import { startSubmissions } from './submission.repository.js';
import { createSubmissionService } from './submission.service.js';

export type { SubmissionHooks } from './hooks.js';

export { registerSubmissionRoutes } from './submission.routes.js';

export function createSubmissionModule(deps: {
  db: Executor;
  pool: pg.Pool;
  clock: Clock;
  log: Logger;
  sri: SriClient;
  keyCache: SigningKeyCache;
  hooks: SubmissionHooks;
  authorizationCheckDelayMs: number;
  firstCheckDelayMs: number;
}) {
  const processDocument = createProcessor(deps);
  /** Queues the submission in the document's creation unit of work: nothing signed is left unsent. */
  const afterCreate: AfterCreateHook = (uow, docs, now) => startSubmissions(uow, docs, now);
  return {
    service: createSubmissionService(deps),
    afterCreate,
    processDocument,
    jobs: [createProcessJob({ ...deps, processDocument }), createSweepJob(deps), createVoidCheckJob(deps)],
    crontab: [SUBMISSION_CRONTAB],
    /** The reconciliation sweep, callable outside the crontab (worker start, operators, tests). */
    sweep: () => sweepStuckDocuments(deps.db, deps.clock),
  };
}
