/**
 * The documents module: the creation pipeline (types/registry.ts lists the types), the list and
 * reads, and every write to the `documents` table. Other modules import from here only. The view
 * RIDEs of the 03, 05, 06 and 07 draw the purchases module's received documents of those types too.
 */
export { accessKeyCheckDigit } from './access-key.js';
export type { AfterCreateHook } from './create-transaction.js';
export { findByAccessKey, recordDocumentEvent } from './document-reads.js';
export { toSummary } from './document-summary.js';
export {
  applyRebuild,
  markAuthorized,
  markEmailFailed,
  markEmailQueued,
  markEmailSent,
  markReceived,
  markRefused,
} from './document-writes.js';
export { registerDocumentExtrasRoutes } from './documents.extras.routes.js';
export { createDocumentExtrasService } from './documents.extras.service.js';
export {
  IssuerHeader,
  readAuth,
  registerDocumentRoutes,
  tags as documentTags,
  writeAuth,
} from './documents.routes.js';
export {
  AccessKeyParams,
  CreatedDocumentSchema,
  DocumentStatusSchema,
  DocumentTypeSchema,
  ListQuery,
} from './documents.schemas.js';
export { createDocumentsService, createdView, type DocumentsService } from './documents.service.js';
export { type DocumentRow, type DocumentStatus, documents } from './documents.tables.js';
export { createDocumentDryRun } from './dry-run.js';
export { registerDryRunRoute } from './dry-run.routes.js';
export { checkedIsoDate, checkListFilters } from './list-filters.js';
export { type ListFilters, listOrder, listWhere } from './list-query.js';
export { authorizedFacts, refusedFacts } from './outcome-facts.js';
export { assertIssuable, buildVersion, rebuiltVersionInput, recipientsOf, rideOf } from './pipeline.js';
export { calendarMonthPeriod, createQuota, type QuotaHooks, type QuotaPeriodResolver } from './quota.js';
export { buyerIdProblem } from './types/common/sales-compute.js';
export { debitNoteRideView } from './types/debit-note/ride.js';
export type { InvoiceInput } from './types/invoice/schema.js';
export { purchaseSettlementRideView } from './types/purchase-settlement/ride.js';
export { RebuildBodySchema } from './types/registry.js';
export { waybillRideView } from './types/waybill/ride.js';
export { withholdingRideView } from './types/withholding/ride.js';
export { SRI_VOID_REASON, voidDocument } from './void.js';
