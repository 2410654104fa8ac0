/**
 * A monoline "rubber stamp" alphabet for the ANULADO / BORRADOR / PRUEBAS marks, drawn as stroked paths.
 * Large text of a real font disturbs every text extractor: pdftotext merges it into the item
 * rows it crosses or splits rotated text into stray letters, and so would accounting software
 * reading a RIDE. Paths carry no text, so the stamp can be as large and as slanted as it needs;
 * the same legend is printed as real text in the top banner.
 *
 * Glyphs are polylines on a grid 6 units tall (y down, 0 = cap line), `width` units wide.
 */
interface Glyph {
  width: number;
  strokes: number[][];
}

const GLYPHS: Record<string, Glyph> = {
  A: {
    width: 4,
    strokes: [
      [0, 6, 2, 0, 4, 6],
      [0.8, 3.6, 3.2, 3.6],
    ],
  },
  B: { width: 4, strokes: [[0, 3, 2.8, 3, 3.6, 2.2, 3.6, 0.8, 2.8, 0, 0, 0, 0, 6, 3, 6, 4, 5, 4, 4, 3, 3]] },
  C: { width: 4, strokes: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5]] },
  D: { width: 4, strokes: [[0, 0, 0, 6, 2.5, 6, 4, 4.5, 4, 1.5, 2.5, 0, 0, 0]] },
  E: {
    width: 3.6,
    strokes: [
      [3.6, 0, 0, 0, 0, 6, 3.6, 6],
      [0, 3, 3, 3],
    ],
  },
  F: {
    width: 3.6,
    strokes: [
      [3.6, 0, 0, 0, 0, 6],
      [0, 3, 3, 3],
    ],
  },
  I: { width: 0, strokes: [[0, 0, 0, 6]] },
  L: { width: 3.4, strokes: [[0, 0, 0, 6, 3.4, 6]] },
  M: { width: 5, strokes: [[0, 6, 0, 0, 2.5, 3.6, 5, 0, 5, 6]] },
  N: { width: 4, strokes: [[0, 6, 0, 0, 4, 6, 4, 0]] },
  O: { width: 4, strokes: [[1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0]] },
  P: { width: 4, strokes: [[0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3]] },
  R: {
    width: 4,
    strokes: [
      [0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3],
      [2.2, 3, 4, 6],
    ],
  },
  S: { width: 4, strokes: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3, 3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5]] },
  T: {
    width: 4,
    strokes: [
      [0, 0, 4, 0],
      [2, 0, 2, 6],
    ],
  },
  U: { width: 4, strokes: [[0, 0, 0, 5, 1, 6, 3, 6, 4, 5, 4, 0]] },
  V: { width: 4, strokes: [[0, 0, 2, 6, 4, 0]] },
  X: {
    width: 4,
    strokes: [
      [0, 0, 4, 6],
      [4, 0, 0, 6],
    ],
  },
  Z: { width: 4, strokes: [[0, 0, 4, 0, 0, 6, 4, 6]] },
  ' ': { width: 1.2, strokes: [] },
};

/** Space between glyphs, in grid units (strokes are drawn ~0.9 units wide). */
const TRACKING = 1.7;
export const STAMP_GRID_HEIGHT = 6;

/** Letters the stamp alphabet can draw; other characters are skipped. */
export function canStamp(text: string): boolean {
  return [...text].every((c) => c in GLYPHS);
}

/** Width of `text` in grid units. */
export function stampWidth(text: string): number {
  const glyphs = [...text].map((c) => GLYPHS[c]).filter((g): g is Glyph => g !== undefined);
  return glyphs.reduce((w, g) => w + g.width, 0) + TRACKING * Math.max(0, glyphs.length - 1);
}

/**
 * Path operators (m/l) for `text`, scaled so the cap height is `capHeight` points, the line
 * starting at (x, top) in the caller's coordinate system (y down).
 */
export function stampPath(text: string, x: number, top: number, capHeight: number): string {
  const unit = capHeight / STAMP_GRID_HEIGHT;
  const r = (v: number) => Math.round(v * 100) / 100;
  const parts: string[] = [];
  let pen = 0;
  for (const c of text) {
    const glyph = GLYPHS[c];
    if (!glyph) continue;
    for (const stroke of glyph.strokes) {
      for (let i = 0; i + 1 < stroke.length; i += 2) {
        const px = r(x + (pen + (stroke[i] ?? 0)) * unit);
        const py = r(top + (stroke[i + 1] ?? 0) * unit);
        parts.push(`${px} ${py} ${i === 0 ? 'm' : 'l'}`);
      }
    }
    pen += glyph.width + TRACKING;
  }
  return parts.join(' ');
}
