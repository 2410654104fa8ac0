import { describe, expect, it } from 'vitest';
import { textWidth } from './fonts.js';
import { layoutRuns, wrapText } from './text-layout.js';

describe('wrapText', () => {
  const sentence = 'Suministro e instalación de perfilería de aluminio anodizado con vidrio templado de 6 mm';

  it('breaks at spaces so that no line is wider than asked and no word is lost', () => {
    const lines = wrapText(sentence, 'R', 7.5, 120);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'R', 7.5)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe(sentence);
  });

  it('returns short text as one line', () => {
    expect(wrapText('  PRD-0001 ', 'R', 7.5, 100)).toEqual(['PRD-0001']);
  });

  it('cuts a word wider than the line between characters', () => {
    const lines = wrapText('7861234500012786123450001278612345000127861234', 'R', 7.5, 50);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 'R', 7.5)).toBeLessThanOrEqual(50);
    expect(lines.join('')).toBe('7861234500012786123450001278612345000127861234');
  });

  it('honours newlines, including blank lines', () => {
    expect(wrapText('uno\n\ndos\ntres', 'R', 8, 200)).toEqual(['uno', '', 'dos', 'tres']);
  });
});

describe('layoutRuns', () => {
  it('flows a bold label and a regular value together, merging words of one font into one run', () => {
    const lines = layoutRuns(
      [
        { text: 'Dir. Matriz:', font: 'B' },
        { text: 'Av. Amazonas N34-451 y Av. Atahualpa, Quito', font: 'R' },
      ],
      7.5,
      120,
    );
    expect(lines[0]?.[0]).toEqual({ text: 'Dir. Matriz:', font: 'B', dx: 0 });
    expect(lines[0]?.[1]?.font).toBe('R');
    expect(lines[0]?.[1]?.dx).toBeCloseTo(
      textWidth('Dir. Matriz: ', 'B', 7.5) - textWidth(' ', 'B', 7.5) + textWidth(' ', 'R', 7.5),
      5,
    );
    expect(
      lines
        .flat()
        .map((r) => r.text)
        .join(' '),
    ).toBe('Dir. Matriz: Av. Amazonas N34-451 y Av. Atahualpa, Quito');
    for (const line of lines) expect(line.filter((r) => r.font === 'R').length).toBeLessThanOrEqual(1);
  });
});
