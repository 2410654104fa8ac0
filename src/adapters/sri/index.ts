export {
  authorizationXml,
  isFinalAuthorizationStatus,
  pickAuthorization,
} from './authorization.js';

export { createSriClient, type SriClient } from './soap-client.js';
export {
  type AuthorizationEntry,
  type AuthorizationResult,
  type ReceptionResult,
  type SriMessage,
  SriProtocolError,
  SriTransportError,
} from './types.js';
