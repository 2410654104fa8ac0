import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface NodeProcess {
  readonly child: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * `node --import tsx <script> ...args` from the repository root, its output prefixed with `name`;
 * `preload` adds modules imported before the script (`--import` each), and node flags (`--…`).
 */
export function startTsx(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  preload: string[] = [],
): NodeProcess {
  return startNode(name, script, args, env, ['tsx', ...preload]);
}

/**
 * `node <script> ...args` (compiled JavaScript, e.g. dist/main.js) with the same output and
 * preloads as `startTsx`; preloaded modules must then be plain JavaScript.
 */
export function startNode(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  preload: string[] = [],
): NodeProcess {
  const imports = preload.flatMap((m) => (m.startsWith('--') ? [m] : ['--import', m]));
  const child = spawn(process.execPath, [...imports, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (d: Buffer) =>
    d
      .toString()
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => `  [${name}] ${l}\n`)
      .join('');
  child.stdout?.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * The node flags `npm start` gives the compiled service (package.json's `start` script, the words
 * between `node` and `dist/main.js`), so that a bench runs the service as production runs it.
 */
export function productionNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const m = /^node\s+(.*?)\s*dist\/main\.js/.exec(scripts.start ?? '');
  return m?.[1] ? m[1].split(/\s+/) : [];
}
