/**
 * The issuers module: branches and issue points of an account, their certificates, logos,
 * document types, sequential counters and issuing flag. Other modules import from here only
 * (dependency-cruiser's module-through-index rule, .dependency-cruiser.cjs: it has no exceptions).
 *
 * Documents (a later module) read the issuer with `readIssuerForCreate` and take their numbers
 * with `claimSequentials` (or `lockSequentialCounter` after a lost claim) inside their creation
 * transaction (docs/creates.md), and sign with `signingKeys.get(issuer)` (deps.signingKeys), which
 * refuses a certificate that has expired since upload with CERTIFICATE_EXPIRED.
 */

export { readIssuerForCreate, readSealedCertificate } from './issuer-for-create.js';
export {
  activeIssuersOf,
  createFirstIssuer,
  firstIssuerName,
  type IssuerRow,
  issuerOwnerLookup,
  toIssuerSummary,
} from './issuer-store.js';
export { registerIssuerRoutes } from './issuers.routes.js';
export { createIssuersService } from './issuers.service.js';
export {
  allocateSequential,
  claimSequentials,
  lockSequentialCounter,
  MAX_SEQUENTIAL,
  type SequentialEnvironment,
} from './sequentials.js';
export { createSigningKeyCache, type SigningKeyCache } from './signing-key-cache.js';
