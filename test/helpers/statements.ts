import pg from 'pg';

/**
 * The statements a piece of code sends, recorded where every query of the process goes
 * (`pg.Client#query`: Drizzle, graphile-worker, our own clients), with the connection each went on.
 * Each is one round trip.
 */
export interface SentStatement {
  client: unknown;
  /** Its text, whitespace collapsed. */
  text: string;
}

export async function recordStatements<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; sent: SentStatement[] }> {
  const sent: SentStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function recorded(this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = (typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').trim();
    sent.push({ client: this, text });
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

export const isBegin = (text: string) => /^begin\b/i.test(text);
export const isEnd = (text: string) => /^(commit|rollback)\b/i.test(text);
