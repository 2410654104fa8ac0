import type { PageCanvas, Rgb } from './canvas.js';
import type { Labels } from './labels.js';
import { COLORS, CONTENT_LEFT, CONTENT_RIGHT, FOOTER_TOP, MARGIN } from './layout.js';
import { PAGE_HEIGHT, PAGE_WIDTH } from './pdf-writer.js';
import { STAMP_GRID_HEIGHT, stampPath, stampWidth } from './stamp-font.js';

export interface PageMarks {
  voided: boolean;
  draft: boolean;
  /** A sandbox document (ambiente 1, the tax authority's test environment). */
  test: boolean;
}

/** Opacity of the stamps: clearly visible, yet the figures under them stay readable. */
export const WATERMARK_OPACITY = 0.22;

/** Slant of the stamp: along the page's diagonal, as a hand stamp or a watermark sits. */
const ANGLE = (Math.atan2(PAGE_HEIGHT, PAGE_WIDTH) * 180) / Math.PI;
/** Longest stamp line, in points, that stays inside the page when laid on the diagonal. */
const MAX_LINE = 640;

interface StampLine {
  text: string;
  capHeight: number;
  width: number;
}

/**
 * Stamp lines for a legend: the voided mark is one word as large as fits; the draft legend
 * ("BORRADOR — SIN VALOR TRIBUTARIO") becomes a large first line and a smaller second one.
 */
function stampLines(legend: string): StampLine[] {
  return legend.split(' — ').map((text, i) => {
    const units = stampWidth(text);
    const capHeight = Math.min(i === 0 ? 110 : 42, (MAX_LINE * STAMP_GRID_HEIGHT) / units);
    return { text, capHeight, width: (units * capHeight) / STAMP_GRID_HEIGHT };
  });
}

/**
 * Status marks on every page: a large translucent diagonal stamp (ANULADO for a voided
 * document, BORRADOR — SIN VALOR TRIBUTARIO for a draft, PRUEBAS — SIN VALIDEZ TRIBUTARIA for
 * an authorized sandbox document), drawn as paths by `stamp-font.ts`, and
 * the same legend as text in a banner in the top margin, which is what text extraction and
 * screen readers get.
 */
export function drawMarks(canvas: PageCanvas, marks: PageMarks, labels: Labels): void {
  const banners: string[] = [];
  if (marks.voided) banners.push(labels.voidedBanner);
  if (marks.draft) banners.push(labels.draft);
  if (marks.test) banners.push(labels.test);
  if (banners.length === 0) return;
  // One stamp per page, the strongest reason first; the banner names every one.
  const color = marks.voided ? COLORS.voided : marks.draft ? COLORS.draft : COLORS.test;
  canvas.textCenter(PAGE_WIDTH / 2, MARGIN / 2 - 4, banners.join('  ·  '), 'B', 9, color);
  const legend = marks.voided ? labels.voided : marks.draft ? labels.draft : labels.test;
  stamp(canvas, stampLines(legend), color);
}

function stamp(canvas: PageCanvas, lines: readonly StampLine[], color: Rgb): void {
  const gap = 14;
  const height = lines.reduce((h, l) => h + l.capHeight, 0) + gap * (lines.length - 1);
  const width = Math.max(...lines.map((l) => l.width));
  const stroke = (lines[0]?.capHeight ?? 0) * 0.13;
  const pad = stroke * 1.6;
  canvas.translucent(() => {
    canvas.rotated(PAGE_WIDTH / 2, PAGE_HEIGHT / 2, ANGLE, () => {
      canvas.roundedRect(
        -width / 2 - pad,
        -height / 2 - pad,
        width + 2 * pad,
        height + 2 * pad,
        pad,
        color,
        stroke / 2,
      );
      let top = -height / 2;
      for (const line of lines) {
        const lineStroke = Math.min(stroke, line.capHeight * 0.13);
        canvas.strokePath(stampPath(line.text, -line.width / 2, top, line.capHeight), lineStroke, color);
        top += line.capHeight + gap;
      }
    });
  });
}

/** Page number at the bottom right, access key at the bottom left (ties loose pages together). */
export function drawFooter(
  canvas: PageCanvas,
  labels: Labels,
  page: number,
  pages: number,
  key: string,
): void {
  canvas.line(CONTENT_LEFT, FOOTER_TOP - 3, CONTENT_RIGHT, FOOTER_TOP - 3, COLORS.rule, 0.4);
  canvas.text(CONTENT_LEFT, FOOTER_TOP, key, 'R', 6.5, COLORS.muted);
  canvas.textRight(CONTENT_RIGHT, FOOTER_TOP, labels.page(page, pages), 'R', 7, COLORS.muted);
}
