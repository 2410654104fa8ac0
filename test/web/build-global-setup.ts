import { ensureWebBuilt } from '../../web/ensure-built.js';

/** The browser tests and `/` need web/dist: build it once per run when the sources changed. */
export default async function setup() {
  await ensureWebBuilt((m) => process.stdout.write(`${m}\n`));
}
