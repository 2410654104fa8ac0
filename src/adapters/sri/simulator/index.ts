export {
  type SriSimulator,
  startSriSimulator,
} from './server.js';
