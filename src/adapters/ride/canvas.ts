import { ASCENT, FONT_RESOURCE, type FontId, pdfString, textWidth } from './fonts.js';
import { LINE_HEIGHT, type Line } from './text-layout.js';

/** sRGB components 0..1. */
export type Rgb = readonly [number, number, number];

/** Resource name of the translucent graphics state registered by `pdf-writer.ts`. */
export const WATERMARK_GS = 'GsW';
/** Resource name of the logo image XObject. */
export const LOGO_XOBJECT = 'ImLogo';

/** Two decimals are far below a printer's resolution and keep the content stream short. */
function n(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/**
 * Collects one page's content stream as PDF operators. Coordinates are pdfkit's: points from the
 * top-left corner, y downwards (pdfkit flips the page's CTM). Text is written straight as
 * Tm/Tj operators with our own metrics instead of pdfkit's text engine, which spends about
 * 70 µs per call on layout and kerning we do not need (docs/ride.md).
 */
export class PageCanvas {
  private readonly ops: string[] = [];
  private fill = '';
  /** Inside BT..ET with this font and size: consecutive texts share one text object. */
  private textFont: string | null = null;
  usesLogo = false;
  usesWatermarkState = false;

  /** Single-line text; `top` is the top of the line box. `text` must be WinAnsi-safe. */
  text(x: number, top: number, text: string, font: FontId, size: number, color: Rgb): void {
    if (text === '') return;
    if (this.textFont === null) {
      this.ops.push('BT');
      this.textFont = '';
    }
    // colour operators are allowed inside a text object; graphics ones are not (endText)
    this.setFill(color);
    const tf = `/${FONT_RESOURCE[font]} ${n(size)} Tf`;
    if (tf !== this.textFont) {
      this.ops.push(tf);
      this.textFont = tf;
    }
    this.ops.push(`1 0 0 -1 ${n(x)} ${n(top + size * ASCENT)} Tm ${pdfString(text)} Tj`);
  }

  textRight(right: number, top: number, text: string, font: FontId, size: number, color: Rgb): void {
    this.text(right - textWidth(text, font, size), top, text, font, size, color);
  }

  textCenter(center: number, top: number, text: string, font: FontId, size: number, color: Rgb): void {
    this.text(center - textWidth(text, font, size) / 2, top, text, font, size, color);
  }

  /** Lines from `layoutRuns`; returns the y below the last line. */
  lines(x: number, top: number, lines: readonly Line[], size: number, color: Rgb): number {
    let y = top;
    for (const line of lines) {
      for (const run of line) this.text(x + run.dx, y, run.text, run.font, size, color);
      y += size * LINE_HEIGHT;
    }
    return y;
  }

  /** Plain lines in one font, left-aligned at `x` or right-aligned on `x` (amounts). */
  textLines(
    x: number,
    top: number,
    lines: readonly string[],
    font: FontId,
    size: number,
    color: Rgb,
    align: 'left' | 'right' = 'left',
  ): void {
    for (let i = 0; i < lines.length; i++) {
      const y = top + i * size * LINE_HEIGHT;
      if (align === 'right') this.textRight(x, y, lines[i] ?? '', font, size, color);
      else this.text(x, y, lines[i] ?? '', font, size, color);
    }
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    this.endText();
    this.setFill(color);
    this.ops.push(`${n(x)} ${n(y)} ${n(w)} ${n(h)} re f`);
  }

  strokeRect(x: number, y: number, w: number, h: number, color: Rgb, lineWidth = 0.6): void {
    this.endText();
    this.ops.push(`${n(lineWidth)} w ${rgb(color)} RG ${n(x)} ${n(y)} ${n(w)} ${n(h)} re S`);
  }

  /** Rectangle with rounded corners (radius r), stroked. */
  roundedRect(x: number, y: number, w: number, h: number, r: number, color: Rgb, lineWidth = 0.6): void {
    this.endText();
    // 0.5523 places cubic Bézier control points so each corner approximates a quarter circle
    const k = r * 0.5523;
    const x2 = x + w;
    const y2 = y + h;
    this.ops.push(
      `${n(lineWidth)} w ${rgb(color)} RG ${n(x + r)} ${n(y)} m ${n(x2 - r)} ${n(y)} l ` +
        `${n(x2 - r + k)} ${n(y)} ${n(x2)} ${n(y + r - k)} ${n(x2)} ${n(y + r)} c ${n(x2)} ${n(y2 - r)} l ` +
        `${n(x2)} ${n(y2 - r + k)} ${n(x2 - r + k)} ${n(y2)} ${n(x2 - r)} ${n(y2)} c ${n(x + r)} ${n(y2)} l ` +
        `${n(x + r - k)} ${n(y2)} ${n(x)} ${n(y2 - r + k)} ${n(x)} ${n(y2 - r)} c ${n(x)} ${n(y + r)} l ` +
        `${n(x)} ${n(y + r - k)} ${n(x + r - k)} ${n(y)} ${n(x + r)} ${n(y)} c h S`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, lineWidth = 0.5): void {
    this.endText();
    this.ops.push(`${n(lineWidth)} w ${rgb(color)} RG ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  /** Filled bars (barcode): one path, one fill operator. `bars` holds [x, width] pairs. */
  bars(bars: readonly (readonly [number, number])[], y: number, h: number, color: Rgb): void {
    this.endText();
    this.setFill(color);
    const parts: string[] = [];
    for (const [x, w] of bars) parts.push(`${n(x)} ${n(y)} ${n(w)} ${n(h)} re`);
    parts.push('f');
    this.ops.push(parts.join(' '));
  }

  /** Draws the logo XObject scaled into the box (pdfkit's flipped space needs the -h). */
  logo(x: number, y: number, w: number, h: number): void {
    this.endText();
    this.usesLogo = true;
    this.ops.push(`q ${n(w)} 0 0 ${n(-h)} ${n(x)} ${n(y + h)} cm /${LOGO_XOBJECT} Do Q`);
  }

  /**
   * Runs `draw` inside the translucent graphics state (the ANULADO / BORRADOR stamps), so the
   * page content under it stays readable.
   */
  translucent(draw: () => void): void {
    this.endText();
    this.usesWatermarkState = true;
    this.ops.push(`q /${WATERMARK_GS} gs`);
    draw();
    this.endText();
    this.ops.push('Q');
    // Q restores the fill colour in force before q; forget ours so the next fill is explicit
    this.fill = '';
  }

  /**
   * Runs `draw` in a coordinate system rotated by `degrees` (counter-clockwise as seen) about
   * (cx, cy), which becomes the origin. In pdfkit's y-down space that turn is [c -s s c].
   */
  rotated(cx: number, cy: number, degrees: number, draw: () => void): void {
    this.endText();
    const a = (degrees * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    this.ops.push(`q ${n(c)} ${n(-s)} ${n(s)} ${n(c)} ${n(cx)} ${n(cy)} cm`);
    draw();
    this.endText();
    this.ops.push('Q');
    this.fill = '';
  }

  /** Strokes path operators (m/l) with round caps and joins. */
  strokePath(path: string, lineWidth: number, color: Rgb): void {
    this.endText();
    this.ops.push(`${n(lineWidth)} w 1 J 1 j ${rgb(color)} RG ${path} S`);
  }

  content(): string {
    this.endText();
    return this.ops.join('\n');
  }

  private endText(): void {
    if (this.textFont === null) return;
    this.ops.push('ET');
    this.textFont = null;
  }

  private setFill(color: Rgb): void {
    const op = rgb(color);
    if (op === this.fill) return;
    this.fill = op;
    this.ops.push(`${op} rg`);
  }
}

function rgb(color: Rgb): string {
  return `${n(color[0])} ${n(color[1])} ${n(color[2])}`;
}
