/**
 * The one way a test waits for something another process, a worker or a listener does: poll a
 * condition until it holds. Never a fixed sleep: a sleep is too short under load and wasted time
 * otherwise. The timeout is real time because it bounds how long to wait, never what a test asserts
 * (dates and durations under test come from the test clock, src/shared/clock.ts).
 */
export interface WaitOptions<T> {
  /** When the value read is the one waited for; default: it is truthy. */
  until?: (value: T) => boolean;
  /** Default 30 s: far above any wait under load, well below the test timeout. */
  timeoutMs?: number;
  /** Pause between two reads; default 50 ms. */
  intervalMs?: number;
  /** More to print on a timeout (a child process's output, say). */
  detail?: () => string;
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Reads `probe` until its value is truthy and returns that value. */
export function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  opts?: WaitOptions<T> & { until?: undefined },
): Promise<Truthy<T>>;
/** Reads `probe` until `opts.until` holds for its value and returns that value. */
export function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  opts: WaitOptions<T> & { until: (value: T) => boolean },
): Promise<T>;
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  opts: WaitOptions<T> = {},
): Promise<T> {
  const { until = (v: T) => Boolean(v), timeoutMs = 30_000, intervalMs = 50, detail } = opts;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (until(value)) return value;
    if (performance.now() > deadline) {
      const last = typeof value === 'string' ? value : JSON.stringify(value);
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what} (last value: ${last})${detail ? `\n${detail()}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Waits until a service process answers `GET <base>/readyz` with 2xx; fails at once if the process
 * exits first, with its output.
 */
export async function waitForReady(
  base: string,
  proc: { exitCode: number | null },
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  await waitFor(
    `${base}/readyz`,
    async () => {
      if (proc.exitCode !== null)
        throw new Error(`the service exited early (${proc.exitCode}):\n${output()}`);
      return fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeoutMs, intervalMs: 250, detail: output },
  );
}
