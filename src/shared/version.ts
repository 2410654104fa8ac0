import { readFileSync } from 'node:fs';

/**
 * The service's version: package.json's, the one place it is written. It feeds the OpenAPI
 * document's info.version and the webhook User-Agent.
 */
export const SERVICE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
