/**
 * The exports module: the document list as streamed CSV, and ZIPs of XML or RIDE files built by a
 * job under DATA_DIR/exports. Other modules import from here only.
 */
export { createExportJobs, EXPORTS_CRONTAB } from './exports.jobs.js';
export { registerExportRoutes } from './exports.routes.js';
export { createExportsService } from './exports.service.js';
