import { type DocumentModel, documentNumber } from '../../shared/document-model.js';
import { type LinearBarcode, placeBars, QUIET_ZONE_MODULES } from './barcode.js';
import { textWidth, toWinAnsi } from './fonts.js';
import type { Labels } from './labels.js';
import {
  type Block,
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  fitText,
  GAP,
  labelled,
  plain,
  SIZES,
} from './layout.js';
import type { PreparedLogo } from './logo.js';
import { LINE_HEIGHT, type Line } from './text-layout.js';

/** What the header shows of any document type (an invoice's DocumentModel fits as it is). */
export type HeaderModel = Pick<DocumentModel, 'issuer' | 'environment' | 'accessKey' | 'sequential'> & {
  documentType: string;
};

/** The header's document name: tabla 3 wording, in the labels' language. */
export function documentName(labels: Labels, documentType: string): string {
  if (documentType === '01') return labels.invoice;
  if (documentType === '04') return labels.creditNote;
  return labels.documentNames[documentType] ?? documentType;
}

export interface AuthorizationView {
  number: string;
  date: string;
}

const LEFT_WIDTH = 262;
const RIGHT_LEFT = CONTENT_LEFT + LEFT_WIDTH + 10;
const RIGHT_WIDTH = CONTENT_RIGHT - RIGHT_LEFT;
const PAD = 8;
const LOGO_MAX_HEIGHT = 72;
const BARCODE_HEIGHT = 34;
/** At 200 dpi one module is ≥ 2 px, which zbar and handheld scanners read reliably. */
const MAX_MODULE = 0.9;

/**
 * The page-1 header: issuer on the left (logo above its box), the document on the right with the
 * access key as a Code 128 barcode. Both boxes end on the same line.
 */
export function headerBlock(
  model: HeaderModel,
  labels: Labels,
  auth: AuthorizationView,
  logo: PreparedLogo | null,
  barcode: LinearBarcode,
): Block {
  const issuer = model.issuer;
  const s = SIZES.body;
  const innerLeft = LEFT_WIDTH - 2 * PAD;
  const issuerLines: { lines: Line[]; size: number; gapAfter: number }[] = [];
  const add = (lines: Line[], size: number, gapAfter = 1.5) => issuerLines.push({ lines, size, gapAfter });
  add(plain(toWinAnsi(issuer.businessName), 'B', SIZES.issuerName, innerLeft), SIZES.issuerName, 2);
  if (issuer.tradeName && issuer.tradeName !== issuer.businessName) {
    add(plain(toWinAnsi(issuer.tradeName), 'R', SIZES.tradeName, innerLeft), SIZES.tradeName, 4);
  }
  add(labelled(labels.mainAddress, toWinAnsi(issuer.mainAddress), s, innerLeft), s);
  if (issuer.branchAddress)
    add(labelled(labels.branchAddress, toWinAnsi(issuer.branchAddress), s, innerLeft), s);
  if (issuer.specialTaxpayer)
    add(labelled(labels.specialTaxpayer, toWinAnsi(issuer.specialTaxpayer), s, innerLeft), s);
  add(
    labelled(labels.requiredAccounting, issuer.requiredAccounting ? labels.yes : labels.no, s, innerLeft),
    s,
  );
  if (issuer.retentionAgentResolution) {
    add(labelled(labels.retentionAgent, toWinAnsi(issuer.retentionAgentResolution), s, innerLeft), s);
  }
  if (issuer.rimpeRegime) add(plain(toWinAnsi(issuer.rimpeRegime), 'B', s, innerLeft), s);
  const issuerTextHeight = issuerLines.reduce(
    (h, b) => h + b.lines.length * b.size * LINE_HEIGHT + b.gapAfter,
    0,
  );

  let logoBox: { w: number; h: number } | null = null;
  if (logo) {
    const scale = Math.min(LEFT_WIDTH / logo.width, LOGO_MAX_HEIGHT / logo.height);
    logoBox = { w: logo.width * scale, h: logo.height * scale };
  }
  const issuerBoxTop = logoBox ? logoBox.h + GAP : 0;
  const leftHeight = issuerBoxTop + issuerTextHeight + 2 * PAD;

  const innerRight = RIGHT_WIDTH - 2 * PAD;
  const docType = documentName(labels, model.documentType);
  const ambient = model.environment === 'production' ? labels.production : labels.sandbox;
  const rightRows: { lines: Line[]; size: number; color: 'ink' | 'accent'; gapAfter: number }[] = [
    {
      lines: labelled(labels.ruc, issuer.ruc, SIZES.ruc, innerRight),
      size: SIZES.ruc,
      color: 'ink',
      gapAfter: 4,
    },
    {
      lines: plain(docType, 'B', SIZES.docType, innerRight),
      size: SIZES.docType,
      color: 'accent',
      gapAfter: 2,
    },
    {
      lines: labelled(labels.numberPrefix, documentNumber(model), SIZES.docNumber, innerRight),
      size: SIZES.docNumber,
      color: 'ink',
      gapAfter: 5,
    },
    { lines: plain(labels.authorizationNumber, 'B', s, innerRight), size: s, color: 'ink', gapAfter: 0.5 },
    { lines: plain(auth.number, 'R', 8, innerRight), size: 8, color: 'ink', gapAfter: 3 },
    {
      lines: labelled(labels.authorizationDate, auth.date, s, innerRight),
      size: s,
      color: 'ink',
      gapAfter: 2,
    },
    { lines: labelled(labels.environment, ambient, s, innerRight), size: s, color: 'ink', gapAfter: 2 },
    {
      lines: labelled(labels.emission, labels.emissionNormal, s, innerRight),
      size: s,
      color: 'ink',
      gapAfter: 4,
    },
    { lines: plain(labels.accessKey, 'B', s, innerRight), size: s, color: 'ink', gapAfter: 3 },
  ];
  const rightTextHeight = rightRows.reduce(
    (h, r) => h + r.lines.length * r.size * LINE_HEIGHT + r.gapAfter,
    0,
  );
  const keySize = 7.5;
  const rightHeight = rightTextHeight + BARCODE_HEIGHT + 3 + keySize * LINE_HEIGHT + 2 * PAD;
  const height = Math.max(leftHeight, rightHeight);

  return {
    height,
    draw(canvas, top) {
      if (logo && logoBox) canvas.logo(CONTENT_LEFT, top, logoBox.w, logoBox.h);
      const boxTop = top + issuerBoxTop;
      canvas.roundedRect(CONTENT_LEFT, boxTop, LEFT_WIDTH, top + height - boxTop, 6, COLORS.rule);
      let y = boxTop + PAD;
      for (const b of issuerLines)
        y = canvas.lines(CONTENT_LEFT + PAD, y, b.lines, b.size, COLORS.ink) + b.gapAfter;

      canvas.roundedRect(RIGHT_LEFT, top, RIGHT_WIDTH, height, 6, COLORS.rule);
      y = top + PAD;
      for (const r of rightRows) {
        y = canvas.lines(RIGHT_LEFT + PAD, y, r.lines, r.size, COLORS[r.color]) + r.gapAfter;
      }
      const modules = barcode.modules + 2 * QUIET_ZONE_MODULES;
      const moduleWidth = Math.min(MAX_MODULE, innerRight / modules);
      const barsLeft = RIGHT_LEFT + (RIGHT_WIDTH - barcode.modules * moduleWidth) / 2;
      canvas.bars(placeBars(barcode, barsLeft, moduleWidth), y, BARCODE_HEIGHT, COLORS.ink);
      canvas.textCenter(
        RIGHT_LEFT + RIGHT_WIDTH / 2,
        y + BARCODE_HEIGHT + 3,
        model.accessKey,
        'R',
        keySize,
        COLORS.ink,
      );
    },
  };
}

/** Header of pages 2..n: issuer name left, document type and number right, a rule below. */
export function continuationHeader(model: HeaderModel, labels: Labels): Block {
  const docType = documentName(labels, model.documentType);
  const right = `${docType} ${labels.numberPrefix} ${documentNumber(model)}`;
  const size = 9;
  const name = fitText(
    toWinAnsi(model.issuer.businessName),
    'B',
    size,
    CONTENT_WIDTH - textWidth(right, 'B', size) - 12,
  );
  const height = size * LINE_HEIGHT + 6;
  return {
    height,
    draw(canvas, top) {
      canvas.text(CONTENT_LEFT, top, name, 'B', size, COLORS.ink);
      canvas.textRight(CONTENT_RIGHT, top, right, 'B', size, COLORS.accent);
      canvas.line(CONTENT_LEFT, top + height - 2, CONTENT_RIGHT, top + height - 2, COLORS.rule, 0.8);
    },
  };
}
