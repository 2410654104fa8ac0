import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP endpoint through which the forks ask a global setup (which runs in Vitest's main
 * process) for something made at most once per run, and only if a test asks: `GET /` answers
 * `answer()`'s text, or 500 with its error's message. The caller keeps what it made and decides
 * when to make it again.
 */
export async function serveOnDemand(
  answer: () => Promise<string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    answer().then(
      (text) => res.end(text),
      (e: Error) => {
        res.statusCode = 500;
        res.end(e.message);
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
