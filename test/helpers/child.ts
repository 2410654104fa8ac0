import { execFile } from 'node:child_process';

export interface ChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end without blocking the test's process: its status and output, whether
 * it exits 0 or not. A child run of tens of seconds (a Vitest run, a build, redocly) must not use
 * spawnSync/execFileSync: a fork whose event loop is blocked that long misses the answer to its
 * own report to Vitest, whose 60-second RPC time-out then fails the run with an unhandled
 * `Timeout calling "onTaskUpdate"` (docs/testing.md).
 */
export function runChild(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      {
        cwd: opts.cwd,
        env: opts.env,
        timeout: opts.timeoutMs ?? 0,
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        // A non-zero exit is a result; failing to start (ENOENT) or a time-out is not.
        if (error && typeof error.code !== 'number') reject(Object.assign(error, { stdout, stderr }));
        else resolve({ status: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}
