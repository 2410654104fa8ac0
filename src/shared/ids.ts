import { randomBytes, randomUUID } from 'node:crypto';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

export function uuidv4(): string {
  return randomUUID();
}

let lastMs = 0;
let seq = 0;

/**
 * UUID v7 (RFC 9562): 48-bit Unix ms timestamp, then random bits. Ids created later sort
 * later; within one millisecond a 12-bit counter in rand_a keeps them ordered in this process.
 */
export function uuidv7(at: number = Date.now()): string {
  let ms = at;
  if (ms <= lastMs) {
    ms = lastMs;
    seq += 1;
    if (seq > 0xfff) {
      ms = lastMs + 1;
      seq = 0;
    }
  } else {
    seq = 0;
  }
  lastMs = ms;
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
