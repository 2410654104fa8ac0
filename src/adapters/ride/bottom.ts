import type { DocumentModel, Payment } from '../../shared/document-model.js';
import type { PageCanvas } from './canvas.js';
import { toWinAnsi } from './fonts.js';
import type { Labels } from './labels.js';
import {
  type Block,
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  GAP,
  labelled,
  SIZES,
} from './layout.js';
import { LINE_HEIGHT, type Line, wrapText } from './text-layout.js';
import { totalsLines } from './totals.js';

const LEFT_WIDTH = 318;
const RIGHT_WIDTH = CONTENT_WIDTH - LEFT_WIDTH - 12;
const RIGHT_LEFT = CONTENT_RIGHT - RIGHT_WIDTH;
const PAD = 4;
const TITLE_HEIGHT = 13;

/** Payment table columns: method (code and description), amount, term, time unit. */
function paymentColumns(width: number) {
  return [
    { width: 160, align: 'left' },
    { width: 52, align: 'right' },
    { width: 36, align: 'right' },
    { width: width - 160 - 52 - 36, align: 'left' },
  ] as const;
}

/**
 * The closing part of the last page: additional information and (invoices) the payment table on
 * the left, the totals on the right. Drawn once, after the last item row.
 */
export function bottomBlock(model: DocumentModel, labels: Labels): Block {
  const left = [additionalInfo(model, labels), payments(model, labels)].filter((b): b is Block => b !== null);
  const right = totalsTable(model, labels);
  const leftHeight = left.reduce((h, b) => h + b.height, 0) + GAP * Math.max(0, left.length - 1);
  return {
    height: Math.max(leftHeight, right.height),
    draw(canvas, top) {
      let y = top;
      for (const block of left) {
        block.draw(canvas, y);
        y += block.height + GAP;
      }
      right.draw(canvas, top);
    },
  };
}

function titleBar(canvas: PageCanvas, top: number, width: number, title: string): void {
  canvas.fillRect(CONTENT_LEFT, top, width, TITLE_HEIGHT, COLORS.band);
  canvas.text(CONTENT_LEFT + PAD, top + (TITLE_HEIGHT - 8 * LINE_HEIGHT) / 2 + 1, title, 'B', 8, COLORS.ink);
}

function additionalInfo(model: DocumentModel, labels: Labels): Block | null {
  if (model.additionalInfo.length === 0) return null;
  const s = SIZES.body;
  const rows: Line[][] = model.additionalInfo.map((f) =>
    labelled(`${toWinAnsi(f.name)}:`, toWinAnsi(f.value), s, LEFT_WIDTH - 2 * PAD),
  );
  const bodyHeight = rows.reduce((h, r) => h + r.length * s * LINE_HEIGHT + 1.5, 0);
  const height = TITLE_HEIGHT + bodyHeight + 2 * PAD;
  return {
    height,
    draw(canvas, top) {
      titleBar(canvas, top, LEFT_WIDTH, labels.additionalInfo);
      let y = top + TITLE_HEIGHT + PAD;
      for (const row of rows) y = canvas.lines(CONTENT_LEFT + PAD, y, row, s, COLORS.ink) + 1.5;
      canvas.strokeRect(CONTENT_LEFT, top, LEFT_WIDTH, height, COLORS.rule);
    },
  };
}

function payments(model: DocumentModel, labels: Labels): Block | null {
  return model.documentType === '01' ? paymentsTable(model.payments, labels, LEFT_WIDTH) : null;
}

/**
 * The payment table (formaPago with its name, value, term, time unit) `width` points wide, or null
 * without payments: the invoice's, and the view RIDE's for the types whose XML has payments (03, 05).
 */
export function paymentsTable(list: readonly Payment[], labels: Labels, width: number): Block | null {
  if (list.length === 0) return null;
  const PAYMENT_COLUMNS = paymentColumns(width);
  const s = SIZES.body;
  const lh = s * LINE_HEIGHT;
  const header = [labels.paymentMethod, labels.paymentValue, labels.paymentTerm, labels.paymentTermUnit];
  const rows = list.map((p) => {
    const method = `${p.method} - ${labels.paymentMethods[p.method] ?? ''}`.replace(/ - $/, '');
    const unit = p.termUnit ? (labels.termUnits[p.termUnit] ?? toWinAnsi(p.termUnit)) : '';
    return [method, p.total, p.term ?? '', unit].map((text, i) =>
      wrapText(text, 'R', s, (PAYMENT_COLUMNS[i]?.width ?? 0) - 2 * PAD),
    );
  });
  const rowHeights = rows.map((cells) => Math.max(...cells.map((c) => c.length)) * lh + 2 * PAD - 2);
  const height = TITLE_HEIGHT + rowHeights.reduce((a, b) => a + b, 0);
  return {
    height,
    draw(canvas, top) {
      canvas.fillRect(CONTENT_LEFT, top, width, TITLE_HEIGHT, COLORS.band);
      let x = CONTENT_LEFT;
      const headerTop = top + (TITLE_HEIGHT - lh) / 2 + 1;
      PAYMENT_COLUMNS.forEach((col, i) => {
        drawCell(canvas, x, col.width, col.align, headerTop, [header[i] ?? ''], 'B');
        x += col.width;
      });
      let y = top + TITLE_HEIGHT;
      rows.forEach((cells, r) => {
        x = CONTENT_LEFT;
        PAYMENT_COLUMNS.forEach((col, i) => {
          drawCell(canvas, x, col.width, col.align, y + PAD - 1, cells[i] ?? [], 'R');
          x += col.width;
        });
        y += rowHeights[r] ?? 0;
        canvas.line(CONTENT_LEFT, y, CONTENT_LEFT + width, y, COLORS.band);
      });
      x = CONTENT_LEFT;
      for (const col of PAYMENT_COLUMNS.slice(0, -1)) {
        x += col.width;
        canvas.line(x, top, x, top + height, COLORS.rule, 0.4);
      }
      canvas.strokeRect(CONTENT_LEFT, top, width, height, COLORS.rule);
    },
  };
}

function drawCell(
  canvas: PageCanvas,
  x: number,
  width: number,
  align: 'left' | 'right',
  top: number,
  lines: readonly string[],
  font: 'R' | 'B',
): void {
  const anchor = align === 'right' ? x + width - PAD : x + PAD;
  canvas.textLines(anchor, top, lines, font, SIZES.body, COLORS.ink, align);
}

function totalsTable(model: DocumentModel, labels: Labels): Block {
  const s = SIZES.body;
  const rowHeight = 12;
  const lines = totalsLines(model, labels);
  const valueWidth = 62;
  const height = lines.length * rowHeight;
  return {
    height,
    draw(canvas, top) {
      let y = top;
      for (const line of lines) {
        if (line.grand) canvas.fillRect(RIGHT_LEFT, y, RIGHT_WIDTH, rowHeight, COLORS.band);
        const font = line.grand ? 'B' : 'R';
        const size = line.grand ? 8.5 : s;
        const textTop = y + (rowHeight - size) / 2 - 0.5;
        canvas.text(RIGHT_LEFT + PAD, textTop, line.label, line.grand ? 'B' : 'B', size, COLORS.ink);
        canvas.textRight(CONTENT_RIGHT - PAD, textTop, line.value, font, size, COLORS.ink);
        y += rowHeight;
        if (y < top + height) canvas.line(RIGHT_LEFT, y, CONTENT_RIGHT, y, COLORS.band);
      }
      canvas.line(
        CONTENT_RIGHT - valueWidth,
        top,
        CONTENT_RIGHT - valueWidth,
        top + height,
        COLORS.rule,
        0.4,
      );
      canvas.strokeRect(RIGHT_LEFT, top, RIGHT_WIDTH, height, COLORS.rule);
    },
  };
}
