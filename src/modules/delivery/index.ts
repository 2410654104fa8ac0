/** The delivery module: RIDE and XML of a document, the buyer's email. Other modules import from here only. */

export { registerDocumentEmailHooks } from './delivery.hooks.js';
export { registerDeliveryRoutes } from './delivery.routes.js';
export type { DeliveryService } from './delivery.service.js';
export { createDeliveryService } from './delivery.service.js';
export { documentTypeName } from './delivery.templates.js';
