export { isWellFormedAccessKey, modulo11CheckDigit } from './access-key.js';
export type { SimulatorControl } from './control-routes.js';
export type { FaultMode, FaultService, FaultSpec } from './faults.js';
export { type SchemaOutcome, validateDocument } from './schema-validator.js';
export {
  AUTHORIZATION_PATH,
  RECEPTION_PATH,
  type SriSimulator,
  type SriSimulatorOptions,
  startSriSimulator,
} from './server.js';
export { type SignatureVerdict, verifyXadesSignature } from './signature.js';
export type { DocumentSnapshot, DocumentState, SimulatorStats } from './state.js';
