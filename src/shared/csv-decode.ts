import { setImmediate } from 'node:timers/promises';
import { TextDecoder } from 'node:util';

/**
 * The text of an imported CSV file, its encoding decided on evidence (docs/customers-products.md):
 *
 * - valid UTF-8 (with or without BOM): UTF-8;
 * - otherwise, when the file holds at least as many well-formed multi-byte UTF-8 sequences as
 *   malformed bytes, it is UTF-8 with a few bad bytes: decoded as UTF-8, each bad byte a U+FFFD,
 *   and `lossy` is true so the rows holding one are reported as not decoding cleanly (never saved
 *   as mojibake);
 * - otherwise (no or few UTF-8 sequences: "Razón" saved by Excel as "CSV (delimitado por comas)"):
 *   Windows-1252.
 */
export interface DecodedCsv {
  text: string;
  /** UTF-8 with malformed bytes: every U+FFFD of `text` marks one. */
  lossy: boolean;
}

/** Well-formed multi-byte sequences and malformed bytes of a buffer read as UTF-8. */
function utf8Evidence(data: Buffer): { sequences: number; malformed: number } {
  let sequences = 0;
  let malformed = 0;
  let i = 0;
  while (i < data.length) {
    const b = data[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = length > 0 && i + length <= data.length;
    for (let k = 1; ok && k < length; k++) ok = (data[i + k]! & 0xc0) === 0x80;
    if (ok) {
      sequences++;
      i += length;
    } else {
      malformed++;
      i++;
    }
  }
  return { sequences, malformed };
}

/** Bytes decoded at a time, the event loop free between two: a 1 MB file is not one long decode. */
const PIECE_BYTES = 64 * 1024;

async function decodeInPieces(data: Buffer, decoder: TextDecoder): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < data.length; i += PIECE_BYTES) {
    parts.push(decoder.decode(data.subarray(i, i + PIECE_BYTES), { stream: true }));
    await setImmediate();
  }
  parts.push(decoder.decode());
  return parts.join('');
}

export async function decodeCsv(data: Buffer): Promise<DecodedCsv> {
  try {
    return { text: await decodeInPieces(data, new TextDecoder('utf-8', { fatal: true })), lossy: false };
  } catch {
    const { sequences, malformed } = utf8Evidence(data);
    if (sequences > 0 && sequences >= malformed)
      return { text: await decodeInPieces(data, new TextDecoder('utf-8')), lossy: true };
    return { text: await decodeInPieces(data, new TextDecoder('windows-1252')), lossy: false };
  }
}
