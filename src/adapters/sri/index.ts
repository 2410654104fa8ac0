export {
  authorizationXml,
  isFinalAuthorizationStatus,
  pickAuthorization,
} from './authorization.js';
/*
 * Received documents (REFERENCE-PURCHASES): fetched and checked by access key, parsed, their
 * signature verified. @public: the purchases module's API, which arrives with that module.
 */
/** @public */
export {
  type FetchedDocument,
  fetchAuthorizedDocument,
  querySriStatus,
  type SriAuthorization,
  type SriDocumentState,
  type SriStatus,
} from './received-fetch.js';
/** @public */
export type {
  DocumentReference,
  Identification,
  Payment,
  ReceivedDetails,
  ReceivedDocument,
  ReceivedDocumentType,
  ReceivedItem,
  RetentionLine,
  SupportingDocument,
  TaxGroup,
} from './received-model.js';
export { parseReceivedDocument } from './received-parser.js';
/** @public */
export { ReceivedDocumentError, type ReceivedDocumentErrorCode } from './received-sections.js';
/** @public */
export { type ReceivedSignatureCheck, verifyReceivedSignature } from './received-signature.js';
export { createSriClient, type SriClient } from './soap-client.js';
export {
  type AuthorizationEntry,
  type AuthorizationResult,
  type ReceptionResult,
  type SriMessage,
  SriProtocolError,
  SriTransportError,
} from './types.js';
