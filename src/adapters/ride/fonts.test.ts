import { describe, expect, it } from 'vitest';
import { pdfString, textWidth, toWinAnsi } from './fonts.js';

describe('toWinAnsi', () => {
  it('keeps every character of Spanish text and the WinAnsi extras as they are', () => {
    const text = 'ñÑáéíóúÁÉÍÓÚüÜ¿¡€“”‘’–—…•™ºª°±×÷çÇàèìòù ASCII 0-9 @#$%&*()[]{}<>/\\|~^_+=;:,.!?"\'';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('reduces other Latin letters to their base letter', () => {
    expect(toWinAnsi('Łódź Nguyễn Đức Thắng Șerban Ővári Ørsted')).toBe(
      'Lódz Nguyen Duc Thang Serban Ovári Ørsted',
    );
  });

  it('prints ? for scripts WinAnsi cannot show, one per character (not per UTF-16 unit)', () => {
    expect(toWinAnsi('北京 Москва 😀')).toBe('?? ?????? ?');
  });

  it('turns tabs and typographic spaces into spaces and drops invisible characters, keeping newlines', () => {
    expect(toWinAnsi('a\tb\u2003c\u00a0d\u200be\ufefff\u0007g\nh')).toBe('a b c\u00a0def' + 'g\nh');
  });

  it('maps compatibility forms (ligatures, full-width) to their plain letters', () => {
    expect(toWinAnsi('ﬁn ＡＢＣ')).toBe('fin ABC');
  });
});

describe('pdfString', () => {
  it('escapes PDF delimiters and writes non-ASCII WinAnsi bytes in octal', () => {
    expect(pdfString('(a\\b)')).toBe('(\\(a\\\\b\\))');
    expect(pdfString('ñ€“')).toBe('(\\361\\200\\223)');
  });
});

describe('textWidth', () => {
  it('uses the Helvetica metrics (AFM widths in 1/1000 em)', () => {
    expect(textWidth('A', 'R', 1000)).toBe(667);
    expect(textWidth('A', 'B', 1000)).toBe(722);
    expect(textWidth('0123456789', 'R', 10)).toBeCloseTo(55.6, 5);
    expect(textWidth('ñ€', 'R', 1000)).toBe(556 + 556);
  });
});
