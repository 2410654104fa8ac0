/**
 * The one page flow of every RIDE: the header on page 1, then the content's blocks and tables in
 * order, a block that does not fit starting a new page under the continuation header, a table
 * repeating its header row on every page it spans.
 */
import { PageCanvas } from './canvas.js';
import { type Block, BODY_BOTTOM, GAP, MARGIN } from './layout.js';

/** A table of rows under a header row, framed on each page it spans. */
export interface TableFlow {
  head: Block;
  rows: Block[];
  frame: (canvas: PageCanvas, top: number, bottom: number) => void;
}

/** What a RIDE's content is made of, top to bottom. */
export type Flow = { block: Block; table?: undefined } | { table: TableFlow; block?: undefined };

export function flowPages(header: Block, continuation: Block, flows: Flow[]): PageCanvas[] {
  const pages: PageCanvas[] = [];
  let canvas = new PageCanvas();
  pages.push(canvas);
  header.draw(canvas, MARGIN);
  let y = MARGIN + header.height + GAP;
  const newPage = () => {
    canvas = new PageCanvas();
    pages.push(canvas);
    continuation.draw(canvas, MARGIN);
    y = MARGIN + continuation.height + GAP;
  };
  for (const item of flows) {
    if (item.block) {
      if (y + item.block.height > BODY_BOTTOM) newPage();
      item.block.draw(canvas, y);
      y += item.block.height + GAP;
      continue;
    }
    const { head, rows, frame } = item.table;
    if (y + head.height + (rows[0]?.height ?? 0) > BODY_BOTTOM) newPage();
    let top = y;
    head.draw(canvas, y);
    y += head.height;
    let rowsOnPage = 0;
    for (const row of rows) {
      // A row taller than a page still goes on a page of its own rather than none.
      if (y + row.height > BODY_BOTTOM && rowsOnPage > 0) {
        frame(canvas, top, y);
        newPage();
        top = y;
        head.draw(canvas, y);
        y += head.height;
        rowsOnPage = 0;
      }
      row.draw(canvas, y);
      y += row.height;
      rowsOnPage++;
    }
    frame(canvas, top, y);
    y += GAP;
  }
  return pages;
}
