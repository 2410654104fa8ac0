import net from 'node:net';
import { createTestDatabase } from './database.js';

/**
 * The statements a piece of code sends to PostgreSQL, seen on the wire: a recorder is a TCP relay
 * in front of the run's PostgreSQL server that reads the frontend protocol of every connection
 * through it (Drizzle, graphile-worker, our own clients alike) and forwards it unchanged. No
 * library is touched: what is counted is what reaches the server.
 *
 * A statement is a simple Query message, or a Bind of the extended protocol (one execution of a
 * parsed statement, named or not: a named statement is parsed once per connection and bound at
 * every use). Each is one round trip.
 */
export interface SentStatement {
  /** The connection it went on (a number per connection through the recorder). */
  client: number;
  /** Its text, whitespace collapsed. */
  text: string;
}

export interface StatementRecorder {
  /** A fresh test database reached through the recorder: give it to createTestContext or createDatabase. */
  database: { url: string; drop(): Promise<void> };
  /** What `fn` sent, in the order the server received it. */
  record<T>(fn: () => Promise<T>): Promise<{ value: T; sent: SentStatement[] }>;
}

/** A test database of its own, and a recorder in front of it. `drop()` drops it and stops the recorder. */
export async function recordedDatabase(): Promise<StatementRecorder> {
  const target = await createTestDatabase();
  const url = new URL(target.url);
  const port = Number(url.port || 5432);
  // The run's server may be reached on its Unix socket (`?host=/dir`, src/db/embedded.ts).
  const socketDir = url.searchParams.get('host');
  const upstream = socketDir?.startsWith('/')
    ? { path: `${socketDir}/.s.PGSQL.${port}` }
    : { host: url.hostname, port };
  const sockets = new Set<net.Socket>();
  let listener: ((s: SentStatement) => void) | null = null;
  let connections = 0;

  const relay = net.createServer((client) => {
    const id = ++connections;
    const server = net.connect(upstream);
    for (const s of [client, server]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        server.destroy();
      });
    }
    const reader = frontendReader((text) =>
      listener?.({ client: id, text: text.replace(/\s+/g, ' ').trim() }),
    );
    client.on('data', (chunk: Buffer) => {
      reader(chunk);
      server.write(chunk);
    });
    server.pipe(client);
    client.on('end', () => server.end());
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen({ port: 0, host: '127.0.0.1' }, () => resolve());
  });
  const relayed = new URL(target.url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((relay.address() as net.AddressInfo).port);
  relayed.searchParams.delete('host');

  return {
    database: {
      url: relayed.toString(),
      async drop() {
        for (const s of sockets) s.destroy();
        await new Promise<void>((resolve) => relay.close(() => resolve()));
        await target.drop();
      },
    },
    async record(fn) {
      if (listener) throw new Error('recordings do not nest');
      const sent: SentStatement[] = [];
      listener = (s) => sent.push(s);
      try {
        return { value: await fn(), sent };
      } finally {
        listener = null;
      }
    },
  };
}

/**
 * Reads a connection's frontend messages (PostgreSQL protocol 3.0, chapter "Message Formats") from
 * its chunks and calls `statement` with the text of each Query and each Bind. The first message is
 * the untyped startup packet (or an SSL or GSS request before it).
 */
function frontendReader(statement: (text: string) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  const parsed = new Map<string, string>(); // statement name ('' unnamed) -> text
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (!started) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        // An SSL (80877103) or GSS (80877104) request comes before the startup packet itself.
        if (code !== 80877103 && code !== 80877104) started = true;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const type = String.fromCharCode(pending[0]!);
      const body = pending.subarray(5, 1 + length);
      pending = pending.subarray(1 + length);
      if (type === 'Q') statement(cString(body, 0).text);
      else if (type === 'P') {
        const name = cString(body, 0);
        parsed.set(name.text, cString(body, name.next).text);
      } else if (type === 'B') {
        const portal = cString(body, 0);
        statement(parsed.get(cString(body, portal.next).text) ?? '');
      }
    }
  };
}

function cString(buf: Buffer, from: number): { text: string; next: number } {
  const end = buf.indexOf(0, from);
  return { text: buf.toString('utf8', from, end), next: end + 1 };
}

export const isBegin = (text: string) => /^begin\b/i.test(text);
export const isEnd = (text: string) => /^(commit|rollback)\b/i.test(text);

/**
 * The transaction of the first statement matching `match`, on its connection: from its `begin`
 * through its `commit` (or `rollback`). [] when none matched.
 */
export function transactionAround(sent: SentStatement[], match: (text: string) => boolean): SentStatement[] {
  const at = sent.findIndex((s) => match(s.text));
  if (at < 0) return [];
  const mine = sent.filter((s) => s.client === sent[at]!.client);
  const i = mine.indexOf(sent[at]!);
  const begin = mine.slice(0, i).findLastIndex((s) => isBegin(s.text));
  const end = mine.slice(i).findIndex((s) => isEnd(s.text));
  return mine.slice(begin, end < 0 ? undefined : i + end + 1);
}
