/**
 * The ATS (Anexo Transaccional Simplificado): the monthly annex built from the period's purchases,
 * sales and voided documents, written as it is built, checked row by row and against the SRI's
 * schema; and the reports API that builds it from the database in a job (docs/ats.md).
 */
import path from 'node:path';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { createAtsJobs } from './ats.jobs.js';
import { createAtsPrune } from './ats-expiry.js';
import { createAtsReportJob } from './ats-report-job.js';
import { createAtsReportsService } from './ats-reports.service.js';
import { createAtsSustento } from './ats-sustento.js';

export type { AtsHeader, AtsPurchase, AtsSale, AtsVoided } from './ats.model.js';
export { registerAtsRoutes } from './ats.routes.js';
export { buildAts } from './ats-build.js';
export { checkAts } from './ats-checks.js';
export { validateAtsSchema } from './ats-schema.js';
export { parseAtsXml } from './ats-tree.js';

export function createAtsModule(deps: { db: Executor; clock: Clock; dataDir: string }) {
  const job = createAtsReportJob({ db: deps.db, clock: deps.clock, dir: path.join(deps.dataDir, 'ats') });
  return {
    reports: createAtsReportsService({ db: deps.db, clock: deps.clock, job }),
    sustento: createAtsSustento(deps),
    jobs: createAtsJobs(job),
    /** Deletes expired report files; run by the daily files prune (exports:prune, src/deps.ts). */
    prune: createAtsPrune({ db: deps.db, fileOf: job.fileOf }),
  };
}
