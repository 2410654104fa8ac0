/** The sharing module: expiring public links to a document (/v1/shared/:token). Other modules import from here only. */
export { registerSharingRoutes } from './sharing.routes.js';
export { createSharingService } from './sharing.service.js';
