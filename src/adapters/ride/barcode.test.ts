import { describe, expect, it } from 'vitest';
import { encodeCode128, placeBars } from './barcode.js';

/** Module widths, bars and spaces alternating, rebuilt from the bar list. */
function modules(code: ReturnType<typeof encodeCode128>): number[] {
  const widths: number[] = [];
  let x = 0;
  for (const [bx, bw] of code.bars) {
    if (bx > x) widths.push(bx - x);
    widths.push(bw);
    x = bx + bw;
  }
  return widths;
}

describe('encodeCode128', () => {
  const key = '1312202301179001691900122011070002060400460006816';

  it('encodes a 49-digit access key as start C, 24 digit pairs, a switch for the odd digit, check and stop', () => {
    const code = encodeCode128(key);
    const widths = modules(code);
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]); // Start C
    expect(widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]); // Stop
    // every symbol is 11 modules of 3 bars and 3 spaces; the stop adds 2 modules
    expect(code.modules).toBe(11 * 28 + 13);
    for (let s = 0; s < 28; s++) {
      expect(widths.slice(s * 6, s * 6 + 6).reduce((a, b) => a + b, 0)).toBe(11);
    }
    expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
  });

  it('gives different bars for different keys', () => {
    const other = `${key.slice(0, 48)}7`;
    expect(encodeCode128(other).bars).not.toEqual(encodeCode128(key).bars);
  });

  it('scales bars to points from a left edge', () => {
    const code = encodeCode128(key);
    const placed = placeBars(code, 100, 0.5);
    expect(placed[0]).toEqual([100, 1]);
    const last = placed.at(-1) ?? [0, 0];
    expect(last[0] + last[1]).toBeCloseTo(100 + code.modules * 0.5, 6);
  });
});
