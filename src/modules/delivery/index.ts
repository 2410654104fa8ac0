/** The delivery module: RIDE and XML of a document, the buyer's email. Other modules import from here only. */
export type { DeliveryService } from './delivery.service.js';
export { documentTypeName } from './delivery.templates.js';
