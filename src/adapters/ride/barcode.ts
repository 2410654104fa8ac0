import bwipjs from 'bwip-js/node';

/** Code 128 requires a quiet zone of at least 10 modules on each side (ISO/IEC 15417). */
export const QUIET_ZONE_MODULES = 10;

/** A linear barcode as bars in module units: `bars` holds [x, width] pairs, `modules` the total width. */
export interface LinearBarcode {
  bars: (readonly [number, number])[];
  modules: number;
}

/**
 * Encodes the access key as Code 128 with bwip-js's encoder (`raw()`), which picks the code sets
 * (C for digit pairs, a switch for the odd digit) and the check symbol. We draw the bars
 * ourselves as filled rectangles so the barcode stays vector: sharp at any zoom or printer, and
 * a few hundred bytes instead of a raster image.
 *
 * bwip-js's ESM build exports a *symbology* named `raw` as well; the encoder function is only on
 * the default export, hence `bwipjs.raw`.
 */
export function encodeCode128(text: string): LinearBarcode {
  const encoded = bwipjs.raw('code128', text, '');
  const first = encoded[0];
  if (!first || !('sbs' in first)) throw new Error('bwip-js returned no linear encoding for Code 128');
  // sbs alternates bar and space widths in modules, starting with a bar
  const bars: (readonly [number, number])[] = [];
  let x = 0;
  first.sbs.forEach((width, i) => {
    if (i % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, modules: x };
}

/** Scales a barcode's bars to points, starting at `x` with `moduleWidth` points per module. */
export function placeBars(code: LinearBarcode, x: number, moduleWidth: number): [number, number][] {
  return code.bars.map(([bx, bw]) => [x + bx * moduleWidth, bw * moduleWidth]);
}
