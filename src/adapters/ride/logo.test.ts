import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { downscale, prepareLogo } from './logo.js';

const asset = (file: string) =>
  readFileSync(path.join(import.meta.dirname, '../../../test/ride/assets', file));

describe('prepareLogo', () => {
  it('passes a JPEG through untouched', () => {
    const jpeg = asset('logo.jpg');
    const logo = prepareLogo(jpeg);
    expect(logo).toMatchObject({
      width: 360,
      height: 120,
      filter: 'DCTDecode',
      colorSpace: 'DeviceRGB',
      softMask: null,
    });
    expect(logo.data.equals(jpeg)).toBe(true);
  });

  it.each(['logo.png', 'logo.gif'])('deflates %s to RGB plus an alpha soft mask', (file) => {
    const logo = prepareLogo(asset(file));
    expect(logo).toMatchObject({ width: 360, height: 120, filter: 'FlateDecode', colorSpace: 'DeviceRGB' });
    expect(inflateSync(logo.data)).toHaveLength(360 * 120 * 3);
    expect(inflateSync(logo.softMask ?? Buffer.alloc(0))).toHaveLength(360 * 120);
  });

  it('prepares the same bytes once', () => {
    const a = prepareLogo(asset('logo.png'));
    expect(prepareLogo(Buffer.from(asset('logo.png')))).toBe(a);
  });

  it('refuses what is not an image', () => {
    expect(() => prepareLogo(Buffer.from('%PDF-1.4'))).toThrow(/not a PNG, JPEG or GIF/);
  });
});

describe('downscale', () => {
  it('keeps small images as they are', () => {
    const px = { width: 2, height: 1, rgb: new Uint8Array(6), alpha: null };
    expect(downscale(px)).toBe(px);
  });

  it('averages a wide image down to 1200 px, colours weighted by alpha', () => {
    const width = 2400;
    const rgb = new Uint8Array(width * 3);
    const alpha = new Uint8Array(width);
    // transparent black next to opaque white: the average must be white at half opacity, not grey
    for (let x = 0; x < width; x += 2) {
      rgb.set([255, 255, 255], (x + 1) * 3);
      alpha[x + 1] = 255;
    }
    const out = downscale({ width, height: 1, rgb, alpha });
    expect([out.width, out.height]).toEqual([1200, 1]);
    expect([...out.rgb.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(out.alpha?.[0]).toBe(128);
  });
});
