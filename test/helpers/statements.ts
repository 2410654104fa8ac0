import pg from 'pg';

/**
 * The statements a piece of code sends, recorded where every query of the process goes
 * (`pg.Client#query`: Drizzle, graphile-worker, our own clients), with the connection each went on.
 */
export interface SentStatement {
  client: unknown;
  /** Its text, whitespace collapsed. */
  text: string;
  /**
   * The round trip it went in, counted from 0: a transaction's `begin` or `commit` sent with the
   * statement next to it (src/db/fused-transaction.ts) is recorded as its own statement, in that
   * statement's round trip.
   */
  trip: number;
}

export async function recordStatements<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; sent: SentStatement[] }> {
  const sent: SentStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let trip = 0;
  proto.query = function recorded(this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; fusedBegin?: string | null; fusedCommit?: boolean };
    const text = (typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').trim();
    const fused = typeof q === 'string' ? {} : q;
    if (fused.fusedBegin) sent.push({ client: this, text: fused.fusedBegin.trim(), trip });
    sent.push({ client: this, text, trip });
    if (fused.fusedCommit) sent.push({ client: this, text: 'commit', trip });
    trip++;
    return original.apply(this, args);
  };
  try {
    return { value: await fn(), sent };
  } finally {
    proto.query = original;
  }
}

/**
 * The transaction of the first statement matching `match`, on its connection: from its `begin`
 * through the statement after the match (its commit when the match is the last), each with its
 * connection and round trip. [] when none matched.
 */
export function statementsAround(sent: SentStatement[], match: (text: string) => boolean): SentStatement[] {
  const at = sent.findIndex((s) => match(s.text));
  if (at < 0) return [];
  const mine = sent.filter((s) => s.client === sent[at]!.client);
  const end = mine.indexOf(sent[at]!);
  const begin = mine.slice(0, end).findLastIndex((s) => s.text.toLowerCase() === 'begin');
  return mine.slice(begin, end + 2);
}

/** How many round trips the statements went in. */
export function roundTrips(sent: SentStatement[]): number {
  return new Set(sent.map((s) => s.trip)).size;
}
