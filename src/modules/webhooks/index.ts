/** What other modules and the composition root may use of the webhooks module. */
import type { Config } from '../../config/config.js';
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import type { SecretBox } from '../../shared/secrets.js';
import { createWebhookDeliveriesService } from './deliveries.service.js';
import { createDeliverJob } from './webhooks.jobs.js';
import { createWebhookEndpointsService } from './webhooks.service.js';

export { dispatchEvent, type WebhookEvent } from './dispatcher.js';

export { registerWebhookRoutes } from './webhooks.routes.js';
export { StringEnum } from './webhooks.schemas.js';

export function createWebhooksModule(deps: {
  db: Executor;
  clock: Clock;
  secrets: SecretBox;
  config: Pick<Config, 'webhooks'>;
}) {
  return {
    endpoints: createWebhookEndpointsService(deps),
    deliveries: createWebhookDeliveriesService(deps),
    jobs: [createDeliverJob(deps)],
  };
}
