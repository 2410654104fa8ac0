import type { PageCanvas, Rgb } from './canvas.js';
import { type FontId, textWidth } from './fonts.js';
import { PAGE_HEIGHT, PAGE_WIDTH } from './pdf-writer.js';
import { type Line, layoutRuns } from './text-layout.js';

/** A block measured once and drawn at a given top; `height` includes its border. */
export interface Block {
  height: number;
  draw(canvas: PageCanvas, top: number): void;
}

/** Page geometry in points (A4, 1 cm margins: printable on any office printer). */
export const MARGIN = 28;
/** The left edge of the content, the page margin. @alias */
export const CONTENT_LEFT = MARGIN;
export const CONTENT_RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = CONTENT_RIGHT - CONTENT_LEFT;
/** Lowest y for body content; below it sits the footer with the page number. */
export const BODY_BOTTOM = PAGE_HEIGHT - MARGIN - 14;
export const FOOTER_TOP = PAGE_HEIGHT - MARGIN - 6;
export const GAP = 8;

export const COLORS = {
  ink: [0.12, 0.13, 0.15],
  muted: [0.38, 0.41, 0.46],
  rule: [0.72, 0.75, 0.8],
  band: [0.92, 0.94, 0.97],
  accent: [0.06, 0.25, 0.45],
  voided: [0.8, 0.08, 0.08],
  draft: [0.45, 0.45, 0.45],
  test: [0.8, 0.42, 0.02],
  white: [1, 1, 1],
} satisfies Record<string, Rgb>;

export const SIZES = {
  body: 7.5,
  small: 6.5,
  tableHeader: 7,
  issuerName: 10.5,
  tradeName: 9,
  ruc: 11,
  docType: 13,
  docNumber: 10,
} as const;

/** A label in bold followed by its value in the regular face, wrapped together. */
export function labelled(label: string, value: string, size: number, width: number): Line[] {
  return layoutRuns(
    [
      { text: label, font: 'B' },
      { text: value, font: 'R' },
    ],
    size,
    width,
  );
}

/** Text in one font, wrapped to width, as layout lines. */
export function plain(text: string, font: FontId, size: number, width: number): Line[] {
  return layoutRuns([{ text, font }], size, width);
}

/** `text` cut to fit `width` on one line, ending in an ellipsis when cut. */
export function fitText(text: string, font: FontId, size: number, width: number): string {
  if (textWidth(text, font, size) <= width) return text;
  let end = text.length;
  while (end > 0 && textWidth(`${text.slice(0, end)}…`, font, size) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}
