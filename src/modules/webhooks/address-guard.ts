import { isIP } from 'node:net';

/**
 * The private-network guard of outgoing webhooks: an address is deliverable only when it is a
 * public unicast address. Refused: unspecified, loopback, private (RFC 1918, unique local),
 * link-local, carrier-grade NAT, multicast, reserved and documentation ranges, and IPv6 forms that
 * embed one of those IPv4 addresses (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 */
type Range = readonly [prefix: readonly number[], bits: number];

const V4_BLOCKED: readonly Range[] = [
  [[0, 0, 0, 0], 8], // "this network", includes the unspecified 0.0.0.0
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata services
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, includes broadcast
];

const V6_BLOCKED: readonly Range[] = [
  [[0x01, 0x00], 64], // 100::/64 discard-only
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48], // local-use NAT64
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** 16 bytes of an IPv6 address (with `::`, an embedded dotted IPv4 tail or a zone id), or null. */
export function parseIPv6(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    const n = Number.parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function isPublicIPv4(bytes: readonly number[]): boolean {
  return !V4_BLOCKED.some((r) => inRange(bytes, r));
}

function isPublicIPv6(bytes: readonly number[]): boolean {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::/96 (unspecified, loopback, IPv4-compatible) is never public.
  if (zeros(0, 12)) return false;
  // IPv4-mapped ::ffff:a.b.c.d and NAT64 64:ff9b::a.b.c.d reach the embedded IPv4 address.
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = inRange(bytes, [[0x00, 0x64, 0xff, 0x9b], 32]) && zeros(4, 12);
  if (mapped || nat64) return isPublicIPv4(bytes.slice(12));
  // 6to4 2002:a.b.c.d::/48 tunnels to the embedded IPv4 address.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicIPv4(bytes.slice(2, 6));
  return !V6_BLOCKED.some((r) => inRange(bytes, r));
}

/** True only for a public unicast IP address; anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  if (family === 4) return isPublicIPv4(parseIPv4(address)!);
  if (family === 6) {
    const bytes = parseIPv6(address);
    return bytes !== null && isPublicIPv6(bytes);
  }
  return false;
}
