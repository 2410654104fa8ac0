import { startSriSimulator } from './adapters/sri/simulator/index.js';
import { loadConfig } from './config/config.js';

/** `npm run sri:simulator`: the tax authority simulator alone, for manual tests and benchmarks. */
const config = loadConfig();
const simulator = await startSriSimulator({
  port: config.sri.simulatorPort,
  host: config.host,
  authorizationDelayMs: config.sri.simulatorAuthorizationDelayMs,
});
process.stdout.write(
  [
    `SRI simulator listening on ${simulator.url}`,
    `  reception:     ${simulator.endpoints.reception}   (WSDL: ?wsdl)`,
    `  authorization: ${simulator.endpoints.authorization}   (WSDL: ?wsdl)`,
    `  control:       ${simulator.url}/simulator/stats, /simulator/documents/:accessKey, POST /simulator/faults, POST /simulator/reset`,
    `  authorization delay: ${config.sri.simulatorAuthorizationDelayMs} ms`,
    '',
  ].join('\n'),
);
const stop = () => {
  simulator.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
