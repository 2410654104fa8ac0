import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeGif, decodePng, readJpegInfo, sniffImage } from './image-decode.js';

const assets = path.join(import.meta.dirname, '../../../test/ride/assets');

/** A PNG built chunk by chunk (filter 0 on every row), independent of any PNG library. */
function png(opts: {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  rows: number[][];
  extra?: [string, number[]][];
}) {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(opts.width, 0);
  ihdr.writeUInt32BE(opts.height, 4);
  ihdr.set([opts.depth, opts.colorType, 0, 0, 0], 8);
  const raw = Buffer.from(opts.rows.flatMap((row) => [0, ...row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(opts.extra ?? []).map(([type, data]) => chunk(type, Uint8Array.from(data))),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

describe('sniffImage', () => {
  it('recognises PNG, JPEG and GIF by their signatures, nothing else', () => {
    expect(sniffImage(readFileSync(path.join(assets, 'logo.png')))).toBe('png');
    expect(sniffImage(readFileSync(path.join(assets, 'logo.jpg')))).toBe('jpeg');
    expect(sniffImage(readFileSync(path.join(assets, 'logo.gif')))).toBe('gif');
    expect(sniffImage(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffImage(Buffer.from('BM6\u0000'))).toBeNull();
  });
});

describe('decodePng', () => {
  it('unpacks 1-bit grey rows, each starting on a byte', () => {
    // 10 px wide: 0b10110000 0b01000000 -> 1 0 1 1 0 0 0 0 0 1
    const px = decodePng(
      png({ width: 10, height: 1, depth: 1, colorType: 0, rows: [[0b10110000, 0b01000000]] }),
    );
    expect([...px.rgb].filter((_, i) => i % 3 === 0)).toEqual([255, 0, 255, 255, 0, 0, 0, 0, 0, 255]);
    expect(px.alpha).toBeNull();
  });

  it('expands a 2-bit palette with tRNS alpha', () => {
    const px = decodePng(
      png({
        width: 3,
        height: 1,
        depth: 2,
        colorType: 3,
        rows: [[0b00011000]],
        extra: [
          ['PLTE', [255, 0, 0, 0, 255, 0, 0, 0, 255]],
          ['tRNS', [0, 255, 128]],
        ],
      }),
    );
    expect([...px.rgb]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255]);
    expect([...(px.alpha ?? [])]).toEqual([0, 255, 128]);
  });

  it('applies an RGB colour key (tRNS) as full transparency', () => {
    // (fast-png 8.0.0 rejects an RGB tRNS on images of fewer than 3 pixels: 4 here)
    const rows = [[1, 2, 3, 9, 9, 9, 1, 2, 3, 0, 0, 0]];
    const px = decodePng(
      png({ width: 4, height: 1, depth: 8, colorType: 2, rows, extra: [['tRNS', [0, 1, 0, 2, 0, 3]]] }),
    );
    expect([...(px.alpha ?? [])]).toEqual([0, 255, 0, 255]);
  });

  it('reads grey + alpha and 16-bit RGBA (high byte kept)', () => {
    const ga = decodePng(png({ width: 2, height: 1, depth: 8, colorType: 4, rows: [[10, 255, 20, 0]] }));
    expect([...ga.rgb]).toEqual([10, 10, 10, 20, 20, 20]);
    expect([...(ga.alpha ?? [])]).toEqual([255, 0]);
    const rgba16 = decodePng(
      png({ width: 1, height: 1, depth: 16, colorType: 6, rows: [[0x12, 0x34, 0xff, 0xff, 0, 0, 0x80, 0]] }),
    );
    expect([...rgba16.rgb]).toEqual([0x12, 255, 0]);
    expect([...(rgba16.alpha ?? [])]).toEqual([128]);
  });

  it('decodes the test logo with its transparent background', () => {
    const px = decodePng(readFileSync(path.join(assets, 'logo.png')));
    expect([px.width, px.height]).toEqual([360, 120]);
    expect(px.alpha?.[0]).toBe(0);
  });
});

describe('decodeGif', () => {
  it('decodes the first frame, the transparent index as alpha 0', () => {
    const px = decodeGif(readFileSync(path.join(assets, 'logo.gif')));
    expect([px.width, px.height]).toEqual([360, 120]);
    expect(px.alpha?.[0]).toBe(0);
    // (14, 95) sits in the blue square
    const i = 95 * 360 + 14;
    expect([px.rgb[i * 3], px.rgb[i * 3 + 1], px.rgb[i * 3 + 2], px.alpha?.[i]]).toEqual([15, 76, 129, 255]);
  });
});

describe('readJpegInfo', () => {
  it('reads size and components from the frame header', () => {
    expect(readJpegInfo(readFileSync(path.join(assets, 'logo.jpg')))).toEqual({
      width: 360,
      height: 120,
      components: 3,
      adobe: false,
    });
  });

  it('notices the Adobe marker of CMYK JPEGs', () => {
    const adobe = [0xff, 0xee, 0, 14, ...Buffer.from('Adobe'), 0, 100, 0, 0, 0, 0, 2];
    const sof = [0xff, 0xc0, 0, 20, 8, 0, 10, 0, 20, 4, ...new Array(12).fill(0)];
    expect(readJpegInfo(Uint8Array.from([0xff, 0xd8, ...adobe, ...sof]))).toEqual({
      width: 20,
      height: 10,
      components: 4,
      adobe: true,
    });
  });

  it('refuses a JPEG without frame header', () => {
    expect(() => readJpegInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toThrow(/no frame header/);
  });
});
