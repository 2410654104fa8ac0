/** The content of a RIDE described as a view (view.ts): 03, 05, 06 and 07, as blocks and tables. */
import { paymentsTable } from './bottom.js';
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
import type { Flow, TableFlow } from './pages.js';
import { LINE_HEIGHT, type Line, wrapText } from './text-layout.js';
import type { RideView, ViewField, ViewTable, ViewTotal, ViewValue } from './view.js';

const PAD = 8;
const CELL_PAD = 3;
const COLUMN_GAP = 12;
const TITLE_HEIGHT = 13;
const TOTALS_WIDTH = 210;
const INFO_WIDTH = CONTENT_WIDTH - TOTALS_WIDTH - 12;

/**
 * The content of a 03, 05, 06 or 07 RIDE from its view: the counterpart box, each section's title,
 * fields and table, then additional information, payments and totals.
 */
export function viewFlows(view: RideView, labels: Labels): Flow[] {
  const flows: Flow[] = [{ block: fieldsBox(view.party, labels) }];
  for (const section of view.sections) {
    if (section.title) flows.push({ block: titleBand(section.title, labels) });
    if (section.fields.length) flows.push({ block: fieldsBox(section.fields, labels) });
    if (section.table) flows.push({ table: tableBlocks(section.table, labels) });
  }
  const bottom = bottomBlock(view, labels);
  if (bottom) flows.push({ block: bottom });
  return flows;
}

const text = (labels: Labels, v: ViewValue): string =>
  typeof v === 'string' ? toWinAnsi(v) : labels.view[v.label];

/** Fields two to a row (wide ones alone) in a rounded box. */
function fieldsBox(fields: ViewField[], labels: Labels): Block {
  const s = SIZES.body;
  const inner = CONTENT_WIDTH - 2 * PAD;
  const half = (inner - COLUMN_GAP) / 2;
  const rows: Line[][][] = [];
  let pending: Line[] | null = null;
  for (const f of fields) {
    if (f.wide) {
      if (pending) rows.push([pending]);
      pending = null;
      rows.push([labelled(labels.view[f.label], text(labels, f.value), s, inner)]);
    } else if (pending) {
      rows.push([pending, labelled(labels.view[f.label], text(labels, f.value), s, half)]);
      pending = null;
    } else {
      pending = labelled(labels.view[f.label], text(labels, f.value), s, half);
    }
  }
  if (pending) rows.push([pending]);
  const lh = s * LINE_HEIGHT;
  const heights = rows.map((r) => Math.max(...r.map((c) => c.length)) * lh + 2.5);
  const height = heights.reduce((a, b) => a + b, 0) + 2 * PAD - 2.5;
  return {
    height,
    draw(canvas, top) {
      canvas.roundedRect(CONTENT_LEFT, top, CONTENT_WIDTH, height, 6, COLORS.rule);
      let y = top + PAD;
      rows.forEach((row, i) => {
        row.forEach((cell, c) => {
          canvas.lines(CONTENT_LEFT + PAD + c * (half + COLUMN_GAP), y, cell, s, COLORS.ink);
        });
        y += heights[i] ?? 0;
      });
    },
  };
}

function titleBand(field: ViewField, labels: Labels): Block {
  const s = SIZES.body;
  const lines = labelled(labels.view[field.label], text(labels, field.value), s, CONTENT_WIDTH - 8);
  const height = Math.max(TITLE_HEIGHT, lines.length * s * LINE_HEIGHT + 5);
  return {
    height,
    draw(canvas, top) {
      canvas.fillRect(CONTENT_LEFT, top, CONTENT_WIDTH, height, COLORS.band);
      canvas.lines(CONTENT_LEFT + 4, top + 2.5, lines, s, COLORS.accent);
    },
  };
}

function tableBlocks(table: ViewTable, labels: Labels): TableFlow {
  const fixedWidth = table.columns.reduce((a, c) => a + c.width, 0);
  const flexCount = table.columns.filter((c) => c.width === 0).length || 1;
  let x = CONTENT_LEFT;
  const cols = table.columns.map((c) => {
    const width = c.width === 0 ? (CONTENT_WIDTH - fixedWidth) / flexCount : c.width;
    const col = { ...c, x, width };
    x += width;
    return col;
  });
  const s = SIZES.body;
  const hs = SIZES.tableHeader;
  const headCells = cols.map((c) => wrapText(labels.view[c.label], 'B', hs, c.width - 2 * CELL_PAD));
  const headHeight = Math.max(...headCells.map((l) => l.length)) * hs * LINE_HEIGHT + 2 * CELL_PAD;
  const head: Block = {
    height: headHeight,
    draw(canvas, top) {
      canvas.fillRect(CONTENT_LEFT, top, CONTENT_WIDTH, headHeight, COLORS.band);
      cols.forEach((c, i) => {
        const lines = headCells[i] ?? [];
        const textTop = top + (headHeight - lines.length * hs * LINE_HEIGHT) / 2;
        lines.forEach((line, j) => {
          canvas.textCenter(c.x + c.width / 2, textTop + j * hs * LINE_HEIGHT, line, 'B', hs, COLORS.ink);
        });
      });
      canvas.line(CONTENT_LEFT, top + headHeight, CONTENT_RIGHT, top + headHeight, COLORS.rule, 0.6);
    },
  };
  const rows = table.rows.map((row): Block => {
    const cells = cols.map((c, i) => wrapText(text(labels, row[i] ?? ''), 'R', s, c.width - 2 * CELL_PAD));
    const height = Math.max(1, ...cells.map((l) => l.length)) * s * LINE_HEIGHT + 2 * CELL_PAD;
    return {
      height,
      draw(canvas, top) {
        cols.forEach((c, i) => {
          const anchor = c.align === 'right' ? c.x + c.width - CELL_PAD : c.x + CELL_PAD;
          canvas.textLines(anchor, top + CELL_PAD, cells[i] ?? [], 'R', s, COLORS.ink, c.align);
        });
        canvas.line(CONTENT_LEFT, top + height, CONTENT_RIGHT, top + height, COLORS.band, 0.5);
      },
    };
  });
  return {
    head,
    rows,
    frame(canvas, top, bottom) {
      for (const c of cols.slice(1)) canvas.line(c.x, top, c.x, bottom, COLORS.rule, 0.4);
      canvas.strokeRect(CONTENT_LEFT, top, CONTENT_WIDTH, bottom - top, COLORS.rule, 0.6);
    },
  };
}

/** Additional information on the left, totals on the right; null when the document has neither. */
function bottomBlock(view: RideView, labels: Labels): Block | null {
  const payments = paymentsTable(view.payments ?? [], labels, INFO_WIDTH);
  if (view.additionalInfo.length === 0 && view.totals.length === 0 && !payments) return null;
  const s = SIZES.body;
  const info = view.additionalInfo.map((f) =>
    labelled(`${toWinAnsi(f.name)}:`, toWinAnsi(f.value), s, INFO_WIDTH - 8),
  );
  const infoHeight = info.length
    ? TITLE_HEIGHT + info.reduce((h, r) => h + r.length * s * LINE_HEIGHT + 1.5, 0) + 8
    : 0;
  const rowHeight = 12;
  const totalsHeight = view.totals.length * rowHeight;
  const totalsLeft = CONTENT_RIGHT - TOTALS_WIDTH;
  const paymentsTop = infoHeight ? infoHeight + GAP : 0;
  const leftHeight = payments ? paymentsTop + payments.height : infoHeight;
  return {
    height: Math.max(leftHeight, totalsHeight),
    draw(canvas, top) {
      payments?.draw(canvas, top + paymentsTop);
      if (info.length) {
        canvas.fillRect(CONTENT_LEFT, top, INFO_WIDTH, TITLE_HEIGHT, COLORS.band);
        canvas.text(CONTENT_LEFT + 4, top + 2.5, labels.additionalInfo, 'B', 8, COLORS.ink);
        let y = top + TITLE_HEIGHT + 4;
        for (const row of info) y = canvas.lines(CONTENT_LEFT + 4, y, row, s, COLORS.ink) + 1.5;
        canvas.strokeRect(CONTENT_LEFT, top, INFO_WIDTH, infoHeight, COLORS.rule);
      }
      let y = top;
      view.totals.forEach((t: ViewTotal) => {
        if (t.grand) canvas.fillRect(totalsLeft, y, TOTALS_WIDTH, rowHeight, COLORS.band);
        const size = t.grand ? 8.5 : s;
        const textTop = y + (rowHeight - size) / 2 - 0.5;
        const label = t.suffix ? `${labels.view[t.label]} ${t.suffix}` : labels.view[t.label];
        canvas.text(totalsLeft + 4, textTop, label, 'B', size, COLORS.ink);
        canvas.textRight(CONTENT_RIGHT - 4, textTop, t.value, t.grand ? 'B' : 'R', size, COLORS.ink);
        y += rowHeight;
        canvas.line(totalsLeft, y, CONTENT_RIGHT, y, COLORS.band);
      });
      if (totalsHeight) canvas.strokeRect(totalsLeft, top, TOTALS_WIDTH, totalsHeight, COLORS.rule);
    },
  };
}
