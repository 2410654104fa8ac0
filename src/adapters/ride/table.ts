import type { ItemLine } from '../../shared/document-model.js';
import type { PageCanvas } from './canvas.js';
import { toWinAnsi } from './fonts.js';
import type { Labels } from './labels.js';
import {
  type Block,
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  labelled,
  plain,
  SIZES,
} from './layout.js';
import { LINE_HEIGHT, type Line, wrapText } from './text-layout.js';

type ColumnKey =
  | 'mainCode'
  | 'auxiliaryCode'
  | 'quantity'
  | 'description'
  | 'unitPrice'
  | 'discount'
  | 'lineTotal';

interface Column {
  key: ColumnKey;
  width: number;
  align: 'left' | 'right';
}

const PAD_X = 3;
const PAD_Y = 3;
const FIXED: Column[] = [
  { key: 'mainCode', width: 62, align: 'left' },
  { key: 'auxiliaryCode', width: 62, align: 'left' },
  { key: 'quantity', width: 48, align: 'right' },
  { key: 'description', width: 0, align: 'left' },
  { key: 'unitPrice', width: 60, align: 'right' },
  { key: 'discount', width: 50, align: 'right' },
  { key: 'lineTotal', width: 58, align: 'right' },
];
const DESCRIPTION_WIDTH = CONTENT_WIDTH - FIXED.reduce((a, c) => a + c.width, 0);

/** Columns with their left edges, computed once. */
const COLUMNS = (() => {
  let x = CONTENT_LEFT;
  return FIXED.map((c) => {
    const width = c.key === 'description' ? DESCRIPTION_WIDTH : c.width;
    const col = { ...c, width, x };
    x += width;
    return col;
  });
})();

const cellWidth = (key: ColumnKey) => (COLUMNS.find((c) => c.key === key)?.width ?? 0) - 2 * PAD_X;

/** Header cells wrapped per language once, not per render. */
const headerCache = new Map<Labels, Block>();

/** The column header row (grey band, bold, centred); repeated at the top of every page's table. */
export function tableHeader(labels: Labels): Block {
  const cached = headerCache.get(labels);
  if (cached) return cached;
  const size = SIZES.tableHeader;
  const cells = COLUMNS.map((c) => ({
    col: c,
    lines: wrapText(labels[c.key], 'B', size, c.width - 2 * PAD_X),
  }));
  const height = Math.max(...cells.map((c) => c.lines.length)) * size * LINE_HEIGHT + 2 * PAD_Y;
  const block: Block = {
    height,
    draw(canvas, top) {
      canvas.fillRect(CONTENT_LEFT, top, CONTENT_WIDTH, height, COLORS.band);
      for (const { col, lines } of cells) {
        const textTop = top + (height - lines.length * size * LINE_HEIGHT) / 2;
        lines.forEach((line, i) => {
          canvas.textCenter(
            col.x + col.width / 2,
            textTop + i * size * LINE_HEIGHT,
            line,
            'B',
            size,
            COLORS.ink,
          );
        });
      }
      canvas.line(CONTENT_LEFT, top + height, CONTENT_RIGHT, top + height, COLORS.rule, 0.6);
    },
  };
  headerCache.set(labels, block);
  return block;
}

/** One item: codes and amounts in their cells, the description wrapped with its details under it. */
export function itemRow(item: ItemLine): Block {
  const s = SIZES.body;
  const small = SIZES.small;
  const cells: { key: ColumnKey; lines: string[] }[] = [
    { key: 'mainCode', lines: wrapText(toWinAnsi(item.mainCode), 'R', s, cellWidth('mainCode')) },
    {
      key: 'auxiliaryCode',
      lines: wrapText(toWinAnsi(item.auxiliaryCode ?? ''), 'R', s, cellWidth('auxiliaryCode')),
    },
    { key: 'quantity', lines: wrapText(item.quantity, 'R', s, cellWidth('quantity')) },
    { key: 'unitPrice', lines: wrapText(item.unitPrice, 'R', s, cellWidth('unitPrice')) },
    { key: 'discount', lines: wrapText(item.discount, 'R', s, cellWidth('discount')) },
    { key: 'lineTotal', lines: wrapText(item.subtotal, 'R', s, cellWidth('lineTotal')) },
  ];
  const descWidth = cellWidth('description');
  const description = plain(toWinAnsi(item.description), 'R', s, descWidth);
  const details: Line[] = [];
  for (const d of item.additionalDetails) {
    details.push(...labelled(`${toWinAnsi(d.name)}:`, toWinAnsi(d.value), small, descWidth));
  }
  const descHeight =
    description.length * s * LINE_HEIGHT + (details.length ? 1 + details.length * small * LINE_HEIGHT : 0);
  const maxCellLines = Math.max(...cells.map((c) => c.lines.length));
  const height = Math.max(descHeight, maxCellLines * s * LINE_HEIGHT) + 2 * PAD_Y;

  return {
    height,
    draw(canvas, top) {
      for (const cell of cells) {
        const col = COLUMNS.find((c) => c.key === cell.key);
        if (!col) continue;
        cell.lines.forEach((line, i) => {
          const y = top + PAD_Y + i * s * LINE_HEIGHT;
          if (col.align === 'right') canvas.textRight(col.x + col.width - PAD_X, y, line, 'R', s, COLORS.ink);
          else canvas.text(col.x + PAD_X, y, line, 'R', s, COLORS.ink);
        });
      }
      const descCol = COLUMNS[3];
      if (!descCol) return;
      const y = canvas.lines(descCol.x + PAD_X, top + PAD_Y, description, s, COLORS.ink);
      if (details.length) canvas.lines(descCol.x + PAD_X, y + 1, details, small, COLORS.muted);
      canvas.line(CONTENT_LEFT, top + height, CONTENT_RIGHT, top + height, COLORS.band, 0.5);
    },
  };
}

/** Outer frame and column rules of one page's part of the table, from its header to its last row. */
export function drawTableFrame(canvas: PageCanvas, top: number, bottom: number): void {
  for (const col of COLUMNS.slice(1)) canvas.line(col.x, top, col.x, bottom, COLORS.rule, 0.4);
  canvas.strokeRect(CONTENT_LEFT, top, CONTENT_WIDTH, bottom - top, COLORS.rule, 0.6);
}
