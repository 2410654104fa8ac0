import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Waits until dist/ holds the server compiled from the current sources (compiled once per run,
 * test/helpers/server-build-global-setup.ts). Call it in `beforeAll` before `compiledEntry`.
 */
export async function serverCompiled(): Promise<void> {
  const res = await fetch(inject('serverBuildUrl'), { signal: AbortSignal.timeout(300_000) });
  if (!res.ok) throw new Error(await res.text());
}

/** The compiled file of an entry point of src/ (`main`, `admin-cli`, …): what `node` runs. */
export function compiledEntry(name: string): string {
  return path.join(REPO, 'dist', `${name}.js`);
}
