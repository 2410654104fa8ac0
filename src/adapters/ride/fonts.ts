import PDFDocument from 'pdfkit';

/**
 * The RIDE uses the PDF standard fonts Helvetica and Helvetica-Bold with WinAnsiEncoding: no font
 * is embedded (docs/ride.md has the measurements that decided it). WinAnsi covers every
 * character of Spanish and most Western European text (ñ á é í ó ú ü ¿ ¡ € “ ” – — …); anything
 * else is transliterated by `toWinAnsi` so that a PDF never shows a wrong glyph silently.
 *
 * Widths are taken once, at module load, from pdfkit's own AFM metrics (public `widthOfString`),
 * so our line wrapping agrees with what the viewer draws, and no document parses AFM files again.
 */
export type FontId = 'R' | 'B';

/** Resource names used in content streams; `pdf-writer.ts` registers both on every page. */
export const FONT_RESOURCE: Record<FontId, string> = { R: 'F1', B: 'F2' };
export const FONT_BASE_NAME: Record<FontId, string> = { R: 'Helvetica', B: 'Helvetica-Bold' };

/** Helvetica's ascender (AFM 718/1000): distance from the top of a line box to the baseline. */
export const ASCENT = 0.718;

/** WinAnsiEncoding bytes 0x80-0x9F (PDF 32000-1, annex D); 0x20-0x7E and 0xA0-0xFF equal Latin-1. */
const WIN_ANSI_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** Highest code point WinAnsi can encode (™ U+2122); tables below are indexed by UTF-16 unit. */
const TABLE_SIZE = 0x2123;

/** Unicode code unit -> WinAnsi byte; 0 where the character cannot be encoded. */
const ENCODE = new Uint8Array(TABLE_SIZE);
for (let c = 0x20; c <= 0x7e; c++) ENCODE[c] = c;
for (let c = 0xa0; c <= 0xff; c++) ENCODE[c] = c;
for (const [code, byte] of Object.entries(WIN_ANSI_HIGH)) ENCODE[Number(code)] = byte;

/** Advance widths in 1/1000 em, per font, indexed like ENCODE. */
const WIDTHS: Record<FontId, Float32Array> = {
  R: new Float32Array(TABLE_SIZE),
  B: new Float32Array(TABLE_SIZE),
};
{
  const probe = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  for (const id of ['R', 'B'] as const) {
    probe.font(FONT_BASE_NAME[id]).fontSize(1000);
    const table = WIDTHS[id];
    for (let c = 0; c < TABLE_SIZE; c++) {
      if (ENCODE[c] !== 0) table[c] = probe.widthOfString(String.fromCharCode(c));
    }
  }
}

/** PDF literal-string form of each WinAnsi byte: ASCII as is, delimiters escaped, the rest octal. */
const LITERAL: string[] = [];
for (let b = 0; b < 256; b++) {
  const ch = String.fromCharCode(b);
  if (ch === '(' || ch === ')' || ch === '\\') LITERAL.push(`\\${ch}`);
  else if (b >= 0x20 && b < 0x7f) LITERAL.push(ch);
  else LITERAL.push(`\\${b.toString(8).padStart(3, '0')}`);
}

/** Letters that Unicode does not decompose into base + mark, seen in Latin names. */
const FALLBACK: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2032': "'",
  '\u2033': '"',
  '\u2212': '-',
};

const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const COMBINING_MARK = /[\u0300-\u036f]/g;

/**
 * Returns `text` with every character WinAnsi can show; others become their base letter
 * (Ő -> O, ș -> s), a close ASCII form, or "?" (CJK, Cyrillic, emoji). Tabs and the Unicode
 * spaces become a space, zero-width characters and other controls are dropped; "\n" is kept
 * for the caller's line breaking.
 */
export function toWinAnsi(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < TABLE_SIZE && ENCODE[code] !== 0) out += ch;
    else if (code === 0x0a) out += ch;
    else if (isSpace(code)) out += ' ';
    else if (!isInvisible(code)) out += FALLBACK[ch] ?? transliterate(ch);
  }
  return out;
}

/** Tab, carriage return and the typographic spaces (U+2000-U+200A, narrow, math, ideographic). */
function isSpace(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0d ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** C0/C1 controls and zero-width characters (joiners, marks, BOM) carry nothing visible. */
function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    code === 0x2060 ||
    code === 0xfeff
  );
}

function transliterate(ch: string): string {
  const base = ch.normalize('NFD').replace(COMBINING_MARK, '');
  if (
    base.length > 0 &&
    [...base].every((c) => c.charCodeAt(0) < TABLE_SIZE && ENCODE[c.charCodeAt(0)] !== 0)
  ) {
    return base;
  }
  const compat = ch.normalize('NFKC');
  if (compat !== ch && compat.length > 0) return toWinAnsi(compat);
  return '?';
}

/** Width in points of text already passed through `toWinAnsi`. */
export function textWidth(text: string, font: FontId, size: number): number {
  const table = WIDTHS[font];
  let units = 0;
  for (let i = 0; i < text.length; i++) units += table[text.charCodeAt(i)] ?? 0;
  return (units * size) / 1000;
}

/** Width in points of one character (already WinAnsi). */
export function charWidth(code: number, font: FontId, size: number): number {
  return ((WIDTHS[font][code] ?? 0) * size) / 1000;
}

/** PDF literal string, parentheses included, for text already passed through `toWinAnsi`. */
export function pdfString(text: string): string {
  let out = '(';
  for (let i = 0; i < text.length; i++) out += LITERAL[ENCODE[text.charCodeAt(i)] || 0x3f];
  return `${out})`;
}
