export {
  authorizationXml,
  FINAL_AUTHORIZATION_STATES,
  isFinalAuthorizationStatus,
  pickAuthorization,
} from './authorization.js';
export { parseAuthorizationResponse, parseReceptionResponse } from './response-parser.js';
export { createSriClient, type SriClient, type SriClientOptions, type SriEndpoints } from './soap-client.js';
export {
  type AuthorizationEntry,
  type AuthorizationResult,
  type ReceptionResult,
  type SriEnvironment,
  type SriMessage,
  SriProtocolError,
  SriTransportError,
  type SriTransportStatus,
} from './types.js';
