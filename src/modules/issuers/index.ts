/**
 * The issuers module: branches and issue points of an account, their certificates, logos,
 * document types, sequential counters and issuing flag. Other modules import from here only.
 */
export {
  type IssuerRow,
  type IssuerView,
  issuerOwner,
  openCertificate,
  toIssuerSummary,
  toIssuerView,
} from './issuer-store.js';
export { registerIssuerRoutes } from './issuers.routes.js';
export { createIssuersService, type IssuersService } from './issuers.service.js';
export {
  allocateSequential,
  MAX_SEQUENTIAL,
  readSequentials,
  type SequentialEnvironment,
  type SequentialView,
} from './sequentials.js';
export { createSigningKeyCache, type SigningIssuer, type SigningKeyCache } from './signing-key-cache.js';
