import { Type } from '@sinclair/typebox';
import { JobId } from '../../jobs/queue.js';

/** Names, payloads and timing of the purchases jobs (purchases.jobs.ts runs them). */
export const STATUS_CHECK = 'purchases.check-status';
export const STATUS_CHECK_PAYLOAD = { version: 1, payload: Type.Object({ purchaseId: JobId }) };
/** Once a day while the voiding window is open: ConsultaComprobante answers only recent keys (§2). */
export const STATUS_CHECK_DELAY_MS = 24 * 3600_000;

export const TXT_IMPORT = 'purchases.import-txt';
export const TXT_IMPORT_PAYLOAD = { version: 1, payload: Type.Object({ importId: JobId }) };
