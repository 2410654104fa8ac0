/** The sessions module: the web app's sign-in by emailed code. Other modules import from here only. */
export { registerSessionRoutes } from './sessions.routes.js';
export { createSessionsService } from './sessions.service.js';
