import { convertIndexedToRgb, decode as decodePngData } from 'fast-png';
import { GifReader } from 'omggif';

/** 8-bit pixels: `rgb` has 3 bytes a pixel; `alpha` 1 byte a pixel, null when fully opaque. */
export interface Pixels {
  width: number;
  height: number;
  rgb: Uint8Array;
  alpha: Uint8Array | null;
}

/** Header facts of a JPEG, which the PDF embeds as is (DCTDecode). */
export interface JpegInfo {
  width: number;
  height: number;
  components: 1 | 3 | 4;
  /** Adobe APP14 marker present: CMYK data is stored inverted and needs a Decode array. */
  adobe: boolean;
}

export type ImageKind = 'png' | 'jpeg' | 'gif';

/** Identifies the format from the first bytes; the declared MIME type is only a hint. */
export function sniffImage(data: Uint8Array): ImageKind | null {
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data[0] === 0x47 && data[1] === 0x49 && data[2] === 0x46 && data[3] === 0x38) return 'gif';
  return null;
}

/** Reads the SOF segment of a JPEG (any SOFn: baseline, progressive, ...). */
export function readJpegInfo(data: Uint8Array): JpegInfo {
  let adobe = false;
  let pos = 2;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) throw new Error('JPEG: marker expected');
    const marker = data[pos + 1] ?? 0;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    const length = ((data[pos + 2] ?? 0) << 8) | (data[pos + 3] ?? 0);
    if (marker === 0xee && String.fromCharCode(...data.subarray(pos + 4, pos + 9)) === 'Adobe') adobe = true;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((data[pos + 5] ?? 0) << 8) | (data[pos + 6] ?? 0);
      const width = ((data[pos + 7] ?? 0) << 8) | (data[pos + 8] ?? 0);
      const components = data[pos + 9];
      if (components !== 1 && components !== 3 && components !== 4)
        throw new Error('JPEG: unsupported components');
      if (width === 0 || height === 0) throw new Error('JPEG: empty image');
      return { width, height, components, adobe };
    }
    if (marker === 0xda) break; // start of scan before any SOF: malformed
    pos += 2 + length;
  }
  throw new Error('JPEG: no frame header');
}

/** Decodes any PNG (palette, grey, 1-16 bits, tRNS, interlaced) to 8-bit RGB + alpha. */
export function decodePng(data: Uint8Array): Pixels {
  const png = decodePngData(data);
  const { width, height } = png;
  const count = width * height;
  if (png.palette) {
    const expanded = convertIndexedToRgb(png);
    const channels = expanded.length / count;
    return splitChannels(expanded, width, height, channels, 255);
  }
  const channels = png.channels;
  let samples: ArrayLike<number> = png.data;
  const max = (1 << png.depth) - 1;
  if (png.depth < 8) {
    samples = unpackBits(png.data as Uint8Array, width, height, png.depth);
  }
  const pixels = splitChannels(samples, width, height, channels, max);
  const key = png.transparency;
  if (key && (channels === 1 || channels === 3) && key.length >= channels) {
    // tRNS on grey/RGB images is a colour key: that exact sample value is fully transparent
    const alpha = new Uint8Array(count).fill(255);
    for (let i = 0; i < count; i++) {
      let match = true;
      for (let c = 0; c < channels; c++) if (samples[i * channels + c] !== key[c]) match = false;
      if (match) alpha[i] = 0;
    }
    pixels.alpha = alpha;
  }
  return pixels;
}

/** Decodes the first frame of a GIF; transparent and uncovered pixels get alpha 0. */
export function decodeGif(data: Uint8Array): Pixels {
  const reader = new GifReader(data);
  const rgba = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  return splitChannels(rgba, reader.width, reader.height, 4, 255);
}

function splitChannels(
  samples: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
  max: number,
) {
  const count = width * height;
  const rgb = new Uint8Array(count * 3);
  const hasAlpha = channels === 2 || channels === 4;
  const alpha = hasAlpha ? new Uint8Array(count) : null;
  const scale = 255 / max;
  let opaque = true;
  for (let i = 0; i < count; i++) {
    const s = i * channels;
    const r = Math.round((samples[s] ?? 0) * scale);
    if (channels >= 3) {
      rgb[i * 3] = r;
      rgb[i * 3 + 1] = Math.round((samples[s + 1] ?? 0) * scale);
      rgb[i * 3 + 2] = Math.round((samples[s + 2] ?? 0) * scale);
    } else {
      rgb[i * 3] = r;
      rgb[i * 3 + 1] = r;
      rgb[i * 3 + 2] = r;
    }
    if (alpha) {
      const a = Math.round((samples[s + channels - 1] ?? 0) * scale);
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
  }
  return { width, height, rgb, alpha: opaque ? null : alpha } satisfies Pixels;
}

/** Grey PNG rows below 8 bits are packed, each row starting on a byte. */
function unpackBits(packed: Uint8Array, width: number, height: number, depth: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const stride = Math.ceil((width * depth) / 8);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = packed[y * stride + (bit >> 3)] ?? 0;
      out[y * width + x] = (byte >> (8 - depth - (bit & 7))) & mask;
    }
  }
  return out;
}
