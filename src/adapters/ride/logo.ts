import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { decodeGif, decodePng, type Pixels, readJpegInfo, sniffImage } from './image-decode.js';

export type LogoMime = 'image/png' | 'image/jpeg' | 'image/gif';

/**
 * A logo ready to be written as a PDF image XObject: bytes already encoded, so a render only
 * copies them. pdfkit re-decodes and re-deflates a PNG with alpha on every document (about 8 ms
 * for a 360×120 logo), more than a whole RIDE costs otherwise.
 */
export interface PreparedLogo {
  width: number;
  height: number;
  filter: 'DCTDecode' | 'FlateDecode';
  colorSpace: 'DeviceRGB' | 'DeviceGray' | 'DeviceCMYK';
  /** Inverted CMYK of Adobe JPEGs. */
  decode: number[] | null;
  data: Buffer;
  /** Deflated 8-bit alpha channel, or null when the image is opaque. */
  softMask: Buffer | null;
}

/** Larger decoded logos are averaged down: 1200 px across a 170 pt box is still ~500 dpi. */
const MAX_SIDE = 1200;
/** Refuses absurd dimensions before allocating pixel buffers for them. */
const MAX_DECODED_PIXELS = 40_000_000;
const CACHE_SIZE = 32;

const cache = new Map<string, PreparedLogo>();

/**
 * Decodes and encodes a logo once; later calls with the same bytes hit a small LRU cache (an
 * issuer's logo repeats on every document it issues). Throws on data that is not a PNG, JPEG or
 * GIF image, so callers can validate an upload with the same code that renders it. GIF (which
 * PDF cannot embed) is decoded, first frame only, and embedded like a PNG.
 */
export function prepareLogo(data: Buffer): PreparedLogo {
  const key = createHash('sha1').update(data).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const prepared = encodeLogo(data);
  cache.set(key, prepared);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return prepared;
}

/** `prepareLogo` without the cache: decodes and encodes every time (benchmarks, one-off checks). */
export function encodeLogo(data: Buffer): PreparedLogo {
  const kind = sniffImage(data);
  if (kind === 'jpeg') {
    const info = readJpegInfo(data);
    const colorSpace =
      info.components === 1 ? 'DeviceGray' : info.components === 3 ? 'DeviceRGB' : 'DeviceCMYK';
    const decode = colorSpace === 'DeviceCMYK' && info.adobe ? [1, 0, 1, 0, 1, 0, 1, 0] : null;
    return {
      width: info.width,
      height: info.height,
      filter: 'DCTDecode',
      colorSpace,
      decode,
      data,
      softMask: null,
    };
  }
  if (kind === null) throw new Error('logo: not a PNG, JPEG or GIF image');
  const pixels = downscale(kind === 'png' ? decodePng(data) : decodeGif(data));
  return {
    width: pixels.width,
    height: pixels.height,
    filter: 'FlateDecode',
    colorSpace: 'DeviceRGB',
    decode: null,
    data: deflateSync(pixels.rgb),
    softMask: pixels.alpha ? deflateSync(pixels.alpha) : null,
  };
}

/** Area-average reduction to at most MAX_SIDE px; colours weighted by alpha to avoid dark fringes. */
export function downscale(src: Pixels): Pixels {
  const { width, height } = src;
  if (width * height > MAX_DECODED_PIXELS) throw new Error('logo: image too large');
  const factor = Math.max(width, height) / MAX_SIDE;
  if (factor <= 1) return src;
  const w = Math.max(1, Math.round(width / factor));
  const h = Math.max(1, Math.round(height / factor));
  const rgb = new Uint8Array(w * h * 3);
  const alpha = src.alpha ? new Uint8Array(w * h) : null;
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let count = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = sy * width + sx;
          const weight = src.alpha ? (src.alpha[i] ?? 0) : 255;
          r += (src.rgb[i * 3] ?? 0) * weight;
          g += (src.rgb[i * 3 + 1] ?? 0) * weight;
          b += (src.rgb[i * 3 + 2] ?? 0) * weight;
          a += weight;
          count++;
        }
      }
      const o = y * w + x;
      rgb[o * 3] = a ? Math.round(r / a) : 255;
      rgb[o * 3 + 1] = a ? Math.round(g / a) : 255;
      rgb[o * 3 + 2] = a ? Math.round(b / a) : 255;
      if (alpha) alpha[o] = Math.round(a / count);
    }
  }
  return { width: w, height: h, rgb, alpha };
}
