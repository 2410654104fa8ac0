import { createHash } from 'node:crypto';

/** A stable hash of a request body (key order does not matter), for Idempotency-Key comparisons. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableStringify(body)).digest('hex');
}

/**
 * JSON with object keys sorted, without recursion: an explicit stack of pending output pieces
 * (a body's depth is already bounded by input-limits.ts; this holds whatever it is given).
 */
export function stableStringify(value: unknown): string {
  let out = '';
  const pending: ({ text: string } | { value: unknown })[] = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if ('text' in next) {
      out += next.text;
      continue;
    }
    const v = next.value;
    const items: ({ text: string } | { value: unknown })[] = [];
    if (Array.isArray(v)) {
      items.push({ text: '[' });
      v.forEach((child, i) => {
        if (i > 0) items.push({ text: ',' });
        items.push({ value: child });
      });
      items.push({ text: ']' });
    } else if (v && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      items.push({ text: '{' });
      Object.keys(record)
        .sort()
        .forEach((k, i) => {
          items.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(k)}:` });
          items.push({ value: record[k] });
        });
      items.push({ text: '}' });
    } else {
      out += JSON.stringify(v);
      continue;
    }
    for (let i = items.length - 1; i >= 0; i--) pending.push(items[i]!);
  }
  return out;
}
