import type { DocumentModel } from '../../shared/document-model.js';
import { toWinAnsi } from './fonts.js';
import type { Labels } from './labels.js';
import { type Block, COLORS, CONTENT_LEFT, CONTENT_WIDTH, labelled, SIZES } from './layout.js';
import { LINE_HEIGHT, type Line } from './text-layout.js';

const PAD = 8;
/** Share of the inner width taken by the left column (names and addresses run longer). */
const LEFT_SHARE = 0.62;
const COLUMN_GAP = 12;
const ROW_GAP = 2.5;
const RULE_GAP = 8;

interface Row {
  left: Line[];
  right: Line[] | null;
}

/**
 * Buyer block: name and identification, address and issue date; for a credit note also the
 * document it modifies (type and number), that document's date and the reason.
 */
export function buyerBlock(model: DocumentModel, labels: Labels): Block {
  const s = SIZES.body;
  const inner = CONTENT_WIDTH - 2 * PAD;
  const leftWidth = (inner - COLUMN_GAP) * LEFT_SHARE;
  const rightWidth = inner - COLUMN_GAP - leftWidth;
  const buyer = model.buyer;
  const rows: Row[] = [
    {
      left: labelled(labels.buyerName, toWinAnsi(buyer.name), s, leftWidth),
      right: labelled(labels.buyerId, toWinAnsi(buyer.id), s, rightWidth),
    },
    {
      left: buyer.address ? labelled(labels.buyerAddress, toWinAnsi(buyer.address), s, leftWidth) : [],
      right: labelled(labels.issueDate, model.issueDate, s, rightWidth),
    },
  ];
  const ref = model.creditNote;
  if (ref) {
    const docName = labels.documentTypes[ref.originalDocumentType] ?? ref.originalDocumentType;
    rows.push({
      left: labelled(labels.modifiedDocument, `${docName} ${ref.originalNumber}`, s, leftWidth),
      right: labelled(labels.modifiedDocumentDate, ref.originalIssueDate, s, rightWidth),
    });
    rows.push({ left: labelled(labels.modificationReason, toWinAnsi(ref.reason), s, inner), right: null });
  }
  const lineHeight = s * LINE_HEIGHT;
  const rowHeights = rows.map((r) => Math.max(r.left.length, r.right?.length ?? 0) * lineHeight);
  // the credit-note rows sit under a rule, apart from the buyer's own data
  const ruleAfter = ref ? 1 : -1;
  const gaps = rows.map((_, i): number => (i === rows.length - 1 ? 0 : i === ruleAfter ? RULE_GAP : ROW_GAP));
  const height = rowHeights.reduce((a, b) => a + b, 0) + gaps.reduce((a, b) => a + b, 0) + 2 * PAD - 2;

  return {
    height,
    draw(canvas, top) {
      canvas.roundedRect(CONTENT_LEFT, top, CONTENT_WIDTH, height, 6, COLORS.rule);
      let y = top + PAD;
      rows.forEach((row, i) => {
        canvas.lines(CONTENT_LEFT + PAD, y, row.left, s, COLORS.ink);
        if (row.right) canvas.lines(CONTENT_LEFT + PAD + leftWidth + COLUMN_GAP, y, row.right, s, COLORS.ink);
        y += rowHeights[i] ?? 0;
        if (i === ruleAfter) {
          const ruleY = y + RULE_GAP / 2 - 1;
          canvas.line(CONTENT_LEFT + PAD, ruleY, CONTENT_LEFT + CONTENT_WIDTH - PAD, ruleY, COLORS.rule);
        }
        y += gaps[i] ?? 0;
      });
    },
  };
}
