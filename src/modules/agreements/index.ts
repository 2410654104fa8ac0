import { Type } from '@sinclair/typebox';
/**
 * The agreements module: TERMS, PRIVACY and DPA templates, the tenants' personalized instances
 * and their acceptances. Other modules use `pendingTypes` (promotion) and `summary` (tenant view).
 */
import type { Config } from '../../config/config.js';
import type { Executor } from '../../db/pool.js';
import { defineJob, enqueue, JobId } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { createAgreementsService } from './agreements.service.js';

/** The payload of GENERATE_AGREEMENTS_JOB, checked when the job runs. */
const GENERATE_AGREEMENTS_PAYLOAD = { version: 1, payload: Type.Object({ tenantId: JobId }) };

export { registerAgreementRoutes } from './agreements.routes.js';
export { TemplateSchema } from './agreements.schemas.js';
export type { AgreementsService } from './agreements.service.js';
export { AGREEMENT_TYPES } from './agreements.tables.js';

const GENERATE_AGREEMENTS_JOB = 'agreements:generate';

export function createAgreementsModule(deps: { db: Executor; clock: Clock; config: Config }) {
  const service = createAgreementsService(deps);
  return {
    service,
    /** tenantPorts.afterRegister: the personalized instances are generated in the background. */
    afterRegister: (tx: Executor, tenantId: string) =>
      enqueue(
        tx,
        GENERATE_AGREEMENTS_JOB,
        GENERATE_AGREEMENTS_PAYLOAD,
        { tenantId },
        { jobKey: `agreements:${tenantId}` },
      ),
    jobs: [
      defineJob(GENERATE_AGREEMENTS_JOB, GENERATE_AGREEMENTS_PAYLOAD, async ({ tenantId }) => {
        await service.generateFor(tenantId);
      }),
    ],
  };
}
