import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeTestTls } from './tls.js';

const PREFIX = 'einvoice-test-tls-';
const HOUR_MS = 3_600_000;

/**
 * Vitest global setup (main process, before any test worker is forked): writes the test CA and
 * the receiver's certificate, and puts NODE_EXTRA_CA_CERTS and TEST_TLS_DIR into the environment
 * the forked workers inherit. NODE_EXTRA_CA_CERTS is read only when a process starts, so setting
 * it inside a test would be too late. A NODE_EXTRA_CA_CERTS already set is kept: both go into
 * one bundle file.
 */
export default function setup() {
  // The pool may fork a spare worker after teardown; it would warn about a missing CA file, so
  // teardown removes only the private key and the CA files of earlier runs are swept here.
  // Only finished runs (their private key already removed by teardown) are swept: a run still in
  // progress, in another checkout or under faketime (where every folder looks a year old), keeps its
  // files.
  for (const name of readdirSync(tmpdir())) {
    const dir = path.join(tmpdir(), name);
    if (!name.startsWith(PREFIX) || existsSync(path.join(dir, 'server-key.pem'))) continue;
    if (Date.now() - statSync(dir).mtimeMs > HOUR_MS) rmSync(dir, { recursive: true, force: true });
  }
  const dir = mkdtempSync(path.join(tmpdir(), PREFIX));
  const files = writeTestTls(dir);
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  const bundle = path.join(dir, 'ca-bundle.pem');
  const extra = previous && existsSync(previous) ? `${readFileSync(previous, 'utf8')}\n` : '';
  writeFileSync(bundle, `${extra}${readFileSync(files.caFile, 'utf8')}`);
  process.env.NODE_EXTRA_CA_CERTS = bundle;
  process.env.TEST_TLS_DIR = dir;
  return () => {
    rmSync(files.keyFile, { force: true });
  };
}
