import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productionNodeFlags } from './processes.js';

export interface BenchServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real service in a child process on a fresh data directory: `src/main.ts` under tsx,
 * or with `compiled` the build `npm start` runs (dist/main.js under plain node; build it first with
 * ensureServerBuilt from scripts/ensure-built.ts). With `keepDataDir`, that directory is used
 * (made if missing) and kept after stop, with its database (a bench's seed reused across runs).
 */
export async function startServer(
  opts: {
    args?: string[];
    env?: Record<string, string>;
    compiled?: boolean;
    keepDataDir?: string;
    nodeArgs?: string[];
  } = {},
): Promise<BenchServer> {
  const dataDir = opts.keepDataDir
    ? path.resolve(opts.keepDataDir)
    : mkdtempSync(path.join(tmpdir(), 'einvoice-bench-'));
  if (opts.keepDataDir) mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  const port = 31000 + Math.floor(Math.random() * 2000);
  const entry = opts.compiled
    ? [...productionNodeFlags(), 'dist/main.js']
    : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry, ...(opts.args ?? [])], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(port + 3000),
      SRI_SIMULATOR_PORT: String(port + 6000),
      LOG_LEVEL: 'warn',
      REGISTRATION_RATE_LIMIT: '100000',
      API_RATE_LIMIT: '100000000',
      // The auth bench measures unknown keys (401) at full speed, past the per-address limit.
      AUTH_FAILURE_RATE_LIMIT: '100000000',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
