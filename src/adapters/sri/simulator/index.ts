export type { SimulatorControl, SimulatorSettings } from './control-routes.js';
export {
  type SriSimulator,
  startSriSimulator,
} from './server.js';
