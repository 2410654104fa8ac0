import { charWidth, type FontId, textWidth } from './fonts.js';

/** A piece of text in one font; consecutive runs are separated by a space when laid out. */
export interface Run {
  text: string;
  font: FontId;
}

/** A run placed on a line, `dx` points from the line's left edge. */
interface PlacedRun {
  text: string;
  font: FontId;
  dx: number;
}

export type Line = PlacedRun[];

/** Line pitch as a multiple of the font size. */
export const LINE_HEIGHT = 1.22;

interface Token {
  text: string;
  font: FontId;
  width: number;
  /** A hard line break ("\n") comes before this token. */
  breakBefore: boolean;
}

/**
 * Greedy line breaking of text already passed through `toWinAnsi`: words wrap at spaces, a
 * word wider than the line is cut between characters (codes and long numbers have no spaces),
 * "\n" forces a break. Same-font words on a line are merged into one run, so the content stream
 * gets one text operator per line and font, not one per word.
 */
export function layoutRuns(runs: readonly Run[], size: number, width: number): Line[] {
  // fast path: most cells (codes, amounts, labels) are one short run without breaks
  const only = runs.length === 1 ? runs[0] : undefined;
  if (only && !only.text.includes('\n') && textWidth(only.text, only.font, size) <= width) {
    return [[{ text: only.text.trim(), font: only.font, dx: 0 }]];
  }
  const tokens = tokenize(runs, size);
  const lines: Line[] = [];
  let line: Line = [];
  let x = 0;
  const newLine = () => {
    lines.push(line);
    line = [];
    x = 0;
  };
  for (const token of tokens) {
    if (token.breakBefore && (line.length > 0 || lines.length > 0 || x > 0)) newLine();
    if (token.text === '') continue;
    const space = x > 0 ? charWidth(32, token.font, size) : 0;
    if (x + space + token.width <= width + 0.01) {
      place(line, token.text, token.font, x + space, space > 0);
      x += space + token.width;
      continue;
    }
    if (x > 0) newLine();
    if (token.width <= width + 0.01) {
      place(line, token.text, token.font, 0, false);
      x = token.width;
      continue;
    }
    for (const piece of cutWord(token.text, token.font, size, width)) {
      if (x > 0) newLine();
      place(line, piece, token.font, 0, false);
      x = textWidth(piece, token.font, size);
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}

/** Plain text in one font, wrapped to `width`; returns the text of each line. */
export function wrapText(text: string, font: FontId, size: number, width: number): string[] {
  return layoutRuns([{ text, font }], size, width).map((l) => l.map((r) => r.text).join(' '));
}

function tokenize(runs: readonly Run[], size: number): Token[] {
  const tokens: Token[] = [];
  for (const run of runs) {
    const paragraphs = run.text.split('\n');
    paragraphs.forEach((paragraph, p) => {
      const words = paragraph.split(' ').filter((w) => w !== '');
      if (words.length === 0 && p > 0) tokens.push({ text: '', font: run.font, width: 0, breakBefore: true });
      words.forEach((word, w) => {
        const width = textWidth(word, run.font, size);
        tokens.push({ text: word, font: run.font, width, breakBefore: p > 0 && w === 0 });
      });
    });
  }
  return tokens;
}

function place(line: Line, text: string, font: FontId, dx: number, spaced: boolean): void {
  const last = line[line.length - 1];
  if (spaced && last && last.font === font) last.text += ` ${text}`;
  else line.push({ text, font, dx });
}

/** Cuts a word into pieces no wider than `width` (at least one character each). */
function cutWord(word: string, font: FontId, size: number, width: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let w = 0;
  for (let i = 0; i < word.length; i++) {
    const cw = charWidth(word.charCodeAt(i), font, size);
    if (w + cw > width + 0.01 && i > start) {
      pieces.push(word.slice(start, i));
      start = i;
      w = 0;
    }
    w += cw;
  }
  pieces.push(word.slice(start));
  return pieces;
}
