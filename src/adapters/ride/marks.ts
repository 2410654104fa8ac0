import type { PageCanvas } from './canvas.js';
import type { Labels } from './labels.js';
import { COLORS, CONTENT_LEFT, CONTENT_RIGHT, FOOTER_TOP, MARGIN } from './layout.js';
import { PAGE_HEIGHT, PAGE_WIDTH } from './pdf-writer.js';

export interface PageMarks {
  voided: boolean;
  draft: boolean;
}

/** Opacity of the diagonal marks: clearly visible, yet the figures under them stay readable. */
export const WATERMARK_OPACITY = 0.22;

/** Diagonal angle from the bottom-left to the top-right corner of A4. */
const DIAGONAL = (Math.atan2(PAGE_HEIGHT, PAGE_WIDTH) * 180) / Math.PI;

/**
 * Status marks drawn on top of every page. A voided document gets a large diagonal ANULADO; a
 * draft (no authorization yet) the diagonal BORRADOR — SIN VALOR TRIBUTARIO. Both also get a
 * horizontal banner in the top margin: text extractors and screen readers skip the diagonal
 * text's meaning (pdftotext splits it into letters), the banner states it plainly.
 */
export function drawMarks(canvas: PageCanvas, marks: PageMarks, labels: Labels): void {
  const banners: string[] = [];
  if (marks.voided) banners.push(labels.voidedBanner);
  if (marks.draft) banners.push(labels.draft);
  if (banners.length === 0) return;
  const color = marks.voided ? COLORS.voided : COLORS.draft;
  canvas.textCenter(PAGE_WIDTH / 2, MARGIN / 2 - 4, banners.join('  ·  '), 'B', 9, color);
  const cx = PAGE_WIDTH / 2;
  const cy = PAGE_HEIGHT / 2;
  if (marks.voided) {
    canvas.watermark(cx, cy, labels.voided, 120, DIAGONAL, COLORS.voided);
    if (marks.draft) canvas.watermark(cx, cy + 120, labels.draft, 26, DIAGONAL, COLORS.draft);
  } else {
    canvas.watermark(cx, cy, labels.draft, 40, DIAGONAL, COLORS.draft);
  }
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
