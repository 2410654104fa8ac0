import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { runChild } from './child.js';

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
  const server = createServer((_req, res) => {
    built ??= build();
    built.then(
      () => res.end('built'),
      (e: Error) => {
        built = null;
        res.statusCode = 500;
        res.end(e.message);
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  project.provide('serverBuildUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return async () => {
    await new Promise((r) => server.close(r));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverBuildUrl: string;
  }
}
