import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { runChild } from './child.js';
import { serveOnDemand } from './on-demand.js';

/**
 * The server compiled into dist/ once per run, for the tests that start it as a child process
 * (`node dist/main.js`, as `npm start` runs it): a child on dist/ costs about 1.5 s of CPU to
 * load, one through tsx about 4 s. Compiled on the first file's request only (a run with no such
 * file compiles nothing), by `scripts/ensure-built.ts`, which skips the work when dist/ was built
 * from the same sources. This setup serves `GET /`: 200 once dist/ is current, 500 with tsc's output.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject) {
  let built: Promise<void> | null = null;
  const build = async () => {
    const r = await runChild(
      process.execPath,
      ['--import', 'tsx', 'scripts/ensure-built.ts', '--server-only'],
      {
        cwd: REPO,
        timeoutMs: 300_000,
      },
    );
    if (r.status !== 0) throw new Error(`the server did not compile:\n${r.stdout}${r.stderr}`);
  };
  const endpoint = await serveOnDemand(async () => {
    built ??= build();
    try {
      await built;
      return 'built';
    } catch (e) {
      built = null;
      throw e;
    }
  });
  project.provide('serverBuildUrl', endpoint.url);
  return endpoint.close;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverBuildUrl: string;
  }
}
