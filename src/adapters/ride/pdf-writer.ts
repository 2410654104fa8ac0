import PDFDocument from 'pdfkit';
import { LOGO_XOBJECT, type PageCanvas, WATERMARK_GS } from './canvas.js';
import { FONT_BASE_NAME, FONT_RESOURCE, type FontId } from './fonts.js';
import type { PreparedLogo } from './logo.js';

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
  /** Fixed by the caller (authorization or issue date) so equal input gives equal bytes. */
  creationDate: Date;
}

export interface PdfOptions {
  compress: boolean;
  /** Opacity of the watermark graphics state (0..1). */
  watermarkOpacity: number;
}

/** A4 in points, as pdfkit defines it. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

/**
 * Assembles finished page content streams into a PDF. pdfkit supplies the file structure (objects,
 * xref, trailer, compression); we hand it whole pages: one `addContent` per page, the two standard
 * font dictionaries written by hand (no AFM parsing per document: `font: null`), the logo as a
 * pre-encoded XObject.
 */
export function writePdf(
  pages: readonly PageCanvas[],
  logo: PreparedLogo | null,
  meta: PdfMeta,
  options: PdfOptions,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: options.compress,
    // null skips pdfkit's default Helvetica, whose AFM file it would read and parse per document
    font: null as unknown as string,
    info: {
      Title: meta.title,
      Author: meta.author,
      Subject: meta.subject,
      Creator: 'einvoice-ec',
      CreationDate: meta.creationDate,
    },
  });
  const done = collect(doc);
  const fonts = {} as Record<FontId, PDFKit.PDFKitReference>;
  for (const id of ['R', 'B'] as const) {
    fonts[id] = doc.ref({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: FONT_BASE_NAME[id],
      Encoding: 'WinAnsiEncoding',
    });
    fonts[id].end(undefined);
  }
  const logoRef = logo && pages.some((p) => p.usesLogo) ? writeLogo(doc, logo) : null;
  let watermarkRef: PDFKit.PDFKitReference | null = null;
  if (pages.some((p) => p.usesWatermarkState)) {
    watermarkRef = doc.ref({ Type: 'ExtGState', ca: options.watermarkOpacity, CA: options.watermarkOpacity });
    watermarkRef.end(undefined);
  }
  for (const page of pages) {
    doc.addPage();
    doc.page.fonts[FONT_RESOURCE.R] = fonts.R;
    doc.page.fonts[FONT_RESOURCE.B] = fonts.B;
    if (page.usesLogo && logoRef) doc.page.xobjects[LOGO_XOBJECT] = logoRef;
    if (page.usesWatermarkState && watermarkRef) doc.page.ext_gstates[WATERMARK_GS] = watermarkRef;
    doc.addContent(page.content());
  }
  doc.end();
  return done;
}

function writeLogo(doc: PDFKit.PDFDocument, logo: PreparedLogo): PDFKit.PDFKitReference {
  let softMask: PDFKit.PDFKitReference | null = null;
  if (logo.softMask) {
    softMask = doc.ref({
      Type: 'XObject',
      Subtype: 'Image',
      Width: logo.width,
      Height: logo.height,
      BitsPerComponent: 8,
      ColorSpace: 'DeviceGray',
      Filter: 'FlateDecode',
    });
    softMask.end(logo.softMask);
  }
  const image = doc.ref({
    Type: 'XObject',
    Subtype: 'Image',
    Width: logo.width,
    Height: logo.height,
    BitsPerComponent: 8,
    ColorSpace: logo.colorSpace,
    Filter: logo.filter,
    ...(logo.decode ? { Decode: logo.decode } : {}),
    ...(softMask ? { SMask: softMask } : {}),
  });
  image.end(logo.data);
  return image;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
