import { generateKeyPair } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RSA_KEY_OPTIONS, TEST_KEYS_ENV } from './certificates.js';

/** keyIndex 0 to 5 are what test files ask for (test/helpers/certificates.ts). */
const KEYS = 6;

/**
 * Vitest global setup: the test certificates' RSA keys, generated once per run (on libuv's
 * threads, while the other setups run) instead of once per file: an RSA-2048 key costs about
 * 150 ms of CPU, and some 80 files make certificates. The file's path goes into the environment
 * the forked workers inherit (TEST_RSA_KEYS_FILE); a process without it (a bench) generates its own.
 */
export default async function setup() {
  const keys = await Promise.all(
    Array.from({ length: KEYS }, () => promisify(generateKeyPair)('rsa', RSA_KEY_OPTIONS)),
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-test-keys-'));
  const file = path.join(dir, 'keys.json');
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  process.env[TEST_KEYS_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
