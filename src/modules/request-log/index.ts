/**
 * The request-log module: the last 7 days of requests per API key (table api_request_log),
 * written off the request path in batches, read per key, pruned daily. docs/request-log.md.
 */

export { registerRequestLog } from './request-log.hook.js';
export { createRequestLogPruneJob, REQUEST_LOG_CRONTAB } from './request-log.jobs.js';
export { RequestLogRecorder } from './request-log.recorder.js';
export { registerRequestLogRoutes } from './request-log.routes.js';
export { createRequestLogService } from './request-log.service.js';
