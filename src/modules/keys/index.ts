/**
 * The keys module: API keys (table api_keys; created, listed, revoked, rotated) and their usage
 * counts. Other modules import from here only; nobody else writes api_keys.
 */

export { AuthCache } from './auth-cache.js';
export { registerKeyRoutes } from './keys.routes.js';
export {
  ALL_SCOPES,
  createKeysService,
  insertApiKey,
  revokeEnvironmentKeys,
  revokeSessionKey,
} from './keys.service.js';
export { UsageRecorder } from './usage-recorder.js';
