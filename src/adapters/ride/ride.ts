import { encodeCode128 } from './barcode.js';
import { bottomBlock } from './bottom.js';
import { buyerBlock } from './buyer.js';
import { PageCanvas } from './canvas.js';
import { toWinAnsi } from './fonts.js';
import { formatEcuadorDateTime, issueDateInstant, parseAuthorizationDate } from './format.js';
import { type AuthorizationView, continuationHeader, headerBlock } from './header.js';
import { LABELS, type Labels, type RideLanguage } from './labels.js';
import { BODY_BOTTOM, GAP, MARGIN } from './layout.js';
import { type LogoMime, type PreparedLogo, prepareLogo } from './logo.js';
import { drawFooter, drawMarks, WATERMARK_OPACITY } from './marks.js';
import { documentNumber, type RideDocument } from './model.js';
import { writePdf } from './pdf-writer.js';
import { drawTableFrame, itemRow, tableHeader } from './table.js';

export type RideStatus = 'SIGNED' | 'RECEIVED' | 'RETURNED' | 'AUTHORIZED' | 'NOT_AUTHORIZED' | 'VOIDED';

export interface RideAuthorization {
  /** numeroAutorizacion (in the offline scheme, the access key). */
  number: string;
  /** fechaAutorizacion, ISO 8601 with an offset; shown in America/Guayaquil. */
  date: string;
}

export interface RideInput {
  model: RideDocument;
  status: RideStatus;
  authorization: RideAuthorization | null;
  language: RideLanguage;
  /** The format is read from the bytes; `mime` is only a hint. */
  logo?: { data: Buffer; mime: LogoMime } | null;
}

export interface RideRenderOptions {
  /**
   * Deflate the page content (default true). Off saves about a quarter of the render time but
   * makes a 10-item invoice three times larger (bench/ride.bench.ts, docs/ride.md); RIDEs travel
   * by email.
   */
  compress?: boolean;
}

/**
 * Renders the RIDE (the printed form of an electronic invoice or credit note) as an A4 PDF.
 *
 * A document counts as authorized only with an authorization and status AUTHORIZED or VOIDED;
 * anything else is a draft: "BORRADOR — SIN VALOR TRIBUTARIO" as a stamp and a banner on every
 * page, PENDIENTE in place of the authorization number and date. VOIDED adds a large ANULADO stamp
 * on every page. Throws on an authorization date without offset and on a logo that is not a
 * PNG, JPEG or GIF image.
 */
export async function renderRide(input: RideInput, options: RideRenderOptions = {}): Promise<Buffer> {
  const { model } = input;
  const labels = LABELS[input.language];
  const authorized =
    input.authorization !== null && (input.status === 'AUTHORIZED' || input.status === 'VOIDED');
  const auth: AuthorizationView =
    authorized && input.authorization
      ? {
          number: toWinAnsi(input.authorization.number),
          date: formatEcuadorDateTime(parseAuthorizationDate(input.authorization.date)),
        }
      : { number: labels.pending, date: labels.pending };
  const logo = input.logo ? prepareLogo(input.logo.data) : null;
  const pages = layoutPages(model, labels, auth, logo);
  const marks = {
    voided: input.status === 'VOIDED',
    draft: !authorized,
    test: model.environment === 'sandbox',
  };
  pages.forEach((canvas, i) => {
    drawFooter(canvas, labels, i + 1, pages.length, model.accessKey);
    drawMarks(canvas, marks, labels);
  });
  const docName = model.documentType === '01' ? labels.invoice : labels.creditNote;
  return writePdf(
    pages,
    logo,
    {
      title: `${docName} ${documentNumber(model)}`,
      author: model.issuer.businessName,
      subject: model.accessKey,
      creationDate:
        authorized && input.authorization
          ? parseAuthorizationDate(input.authorization.date)
          : issueDateInstant(model.issueDate),
    },
    { compress: options.compress ?? true, watermarkOpacity: WATERMARK_OPACITY },
  );
}

/**
 * Measures every block first, then fills pages: the page-1 header and buyer, item rows under a
 * table header repeated on each page, and the closing block (additional information, payments,
 * totals) after the last row, on a page of its own when it does not fit under it.
 */
function layoutPages(
  model: RideDocument,
  labels: Labels,
  auth: AuthorizationView,
  logo: PreparedLogo | null,
): PageCanvas[] {
  const header = headerBlock(model, labels, auth, logo, encodeCode128(model.accessKey));
  const buyer = buyerBlock(model, labels);
  const smallHeader = continuationHeader(model, labels);
  const tableHead = tableHeader(labels);
  const rows = model.items.map(itemRow);
  const bottom = bottomBlock(model, labels);

  const pages: PageCanvas[] = [];
  let canvas = new PageCanvas();
  pages.push(canvas);
  header.draw(canvas, MARGIN);
  let y = MARGIN + header.height + GAP;
  buyer.draw(canvas, y);
  y += buyer.height + GAP;

  const startTable = () => {
    tableHead.draw(canvas, y);
    const top = y;
    y += tableHead.height;
    return top;
  };
  const newPage = (): void => {
    canvas = new PageCanvas();
    pages.push(canvas);
    smallHeader.draw(canvas, MARGIN);
    y = MARGIN + smallHeader.height + GAP;
  };

  let tableTop = startTable();
  let rowsOnPage = 0;
  for (const row of rows) {
    // a row that fits no page at all still goes on a fresh page rather than looping forever
    if (y + row.height > BODY_BOTTOM && rowsOnPage > 0) {
      drawTableFrame(canvas, tableTop, y);
      newPage();
      tableTop = startTable();
      rowsOnPage = 0;
    }
    row.draw(canvas, y);
    y += row.height;
    rowsOnPage++;
  }
  drawTableFrame(canvas, tableTop, y);
  let bottomTop = y + GAP + 2;
  if (bottomTop + bottom.height > BODY_BOTTOM) {
    newPage();
    bottomTop = y;
  }
  bottom.draw(canvas, bottomTop);
  return pages;
}
