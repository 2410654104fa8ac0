/**
 * The RIDE of every document type, one entry point (`renderRide`) and one drawing path: the header
 * (issuer, document, authorization, barcode of the access key), the content as blocks and tables
 * over pages (pages.ts), then the footer, page numbers and marks on every page. Only the content
 * differs: invoices and credit notes (01, 04) lay out their computed model (buyer box, item
 * table, payments and totals, sales-flows.ts); the other types describe theirs as a view (view.ts,
 * view-flows.ts), which each type's `ride.ts` in the documents module builds.
 */

import { type DocumentModel, documentNumber } from '../../shared/document-model.js';
import { encodeCode128 } from './barcode.js';
import { bottomBlock } from './bottom.js';
import { buyerBlock } from './buyer.js';
import { toWinAnsi } from './fonts.js';
import { formatEcuadorDateTime, issueDateInstant, parseAuthorizationDate } from './format.js';
import { type AuthorizationView, continuationHeader, documentName, headerBlock } from './header.js';
import { LABELS, type Labels, type RideLanguage } from './labels.js';
import { type LogoMime, prepareLogo } from './logo.js';
import { drawFooter, drawMarks, WATERMARK_OPACITY } from './marks.js';
import { type Flow, flowPages } from './pages.js';
import { writePdf } from './pdf-writer.js';
import { drawTableFrame, itemRow, tableHeader } from './table.js';
import type { RideView } from './view.js';
import { viewFlows } from './view-flows.js';

export type RideStatus = 'SIGNED' | 'RECEIVED' | 'RETURNED' | 'AUTHORIZED' | 'NOT_AUTHORIZED' | 'VOIDED';

interface RideAuthorization {
  /** numeroAutorizacion (in the offline scheme, the access key). */
  number: string;
  /** fechaAutorizacion, ISO 8601 with an offset; shown in America/Guayaquil. */
  date: string;
}

/** What a RIDE shows: an invoice's or credit note's model, or another type's view. */
export type RideContent = { model: DocumentModel; view?: undefined } | { view: RideView; model?: undefined };

export type RideInput = RideContent & {
  status: RideStatus;
  authorization: RideAuthorization | null;
  language: RideLanguage;
  /** The format is read from the bytes; `mime` is only a hint. */
  logo?: { data: Buffer; mime: LogoMime } | null;
};

/** The input of an invoice's or credit note's RIDE. */
export type SalesRideInput = Extract<RideInput, { model: DocumentModel }>;

export interface RideRenderOptions {
  /**
   * Deflate the page content (default true). Off saves about a quarter of the render time but
   * makes a 10-item invoice three times larger (bench/ride.bench.ts, docs/ride.md); RIDEs travel
   * by email.
   */
  compress?: boolean;
}

/**
 * Renders the RIDE (the printed form of an electronic document) as an A4 PDF.
 *
 * A document counts as authorized only with an authorization and status AUTHORIZED or VOIDED;
 * anything else is a draft: "BORRADOR — SIN VALOR TRIBUTARIO" as a stamp and a banner on every
 * page, PENDIENTE in place of the authorization number and date. VOIDED adds a large ANULADO stamp
 * on every page. Throws on an authorization date without offset and on a logo that is not a
 * PNG, JPEG or GIF image.
 */
export async function renderRide(input: RideInput, options: RideRenderOptions = {}): Promise<Buffer> {
  const doc = input.model ?? input.view;
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
  const flows = input.model ? salesFlows(input.model, labels) : viewFlows(input.view, labels);
  const header = headerBlock(doc, labels, auth, logo, encodeCode128(doc.accessKey));
  const pages = flowPages(header, continuationHeader(doc, labels), flows);
  const marks = {
    voided: input.status === 'VOIDED',
    draft: !authorized,
    test: doc.environment === 'sandbox',
  };
  pages.forEach((canvas, i) => {
    drawFooter(canvas, labels, i + 1, pages.length, doc.accessKey);
    drawMarks(canvas, marks, labels);
  });
  return writePdf(
    pages,
    logo,
    {
      title: `${documentName(labels, doc.documentType)} ${documentNumber(doc)}`,
      author: doc.issuer.businessName,
      subject: doc.accessKey,
      creationDate:
        authorized && input.authorization
          ? parseAuthorizationDate(input.authorization.date)
          : issueDateInstant(doc.issueDate),
    },
    { compress: options.compress ?? true, watermarkOpacity: WATERMARK_OPACITY },
  );
}

/**
 * An invoice or credit note: the buyer (and the modified document) box, the item rows under a
 * table header repeated on each page, and the closing block (additional information, payments,
 * totals) after the last row, on a page of its own when it does not fit under it.
 */
function salesFlows(model: DocumentModel, labels: Labels): Flow[] {
  return [
    { block: buyerBlock(model, labels) },
    { table: { head: tableHeader(labels), rows: model.items.map(itemRow), frame: drawTableFrame } },
    { block: bottomBlock(model, labels) },
  ];
}
