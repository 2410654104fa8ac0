import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { type RideInput, renderRide } from '../../src/adapters/ride/ride.js';
import { authorizationFor, logo } from './fixtures.js';
import { decodeBarcodes, pdfImages, pdfInfo, rasterize } from './pdf-tools.js';
import { richInvoice } from './sample-documents.js';

const model = richInvoice();
const base: RideInput = {
  model,
  status: 'AUTHORIZED',
  authorization: authorizationFor(model),
  language: 'es',
};

/** The logo's blue (#0f4c81) in its rounded square, below the white triangle. */
const LOGO_BLUE = [15, 76, 129];

/** Colour at a point given in PDF points, from a 72 dpi rendering (1 px = 1 pt). */
async function colourAt(pdf: Buffer, x: number, y: number): Promise<number[]> {
  const page = await rasterize(pdf, 1, 72);
  const i = (Math.round(y) * page.width + Math.round(x)) * page.channels;
  return [page.data[i] ?? -1, page.data[i + 1] ?? -1, page.data[i + 2] ?? -1];
}

const near = (a: number[], b: number[], tolerance: number) =>
  a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance);

describe('RIDE images', () => {
  it('draws the access key barcode as vectors: a RIDE without logo has no image at all', async () => {
    const pdf = await renderRide(base);
    expect(await pdfImages(pdf)).toEqual([]);
    expect(await decodeBarcodes(pdf)).toEqual([model.accessKey]);
  });

  it.each([
    ['png', 'image/png', true],
    ['jpeg', 'image/jpeg', false],
    ['gif', 'image/gif', true],
  ] as const)('embeds a %s logo at the top left, with its transparency', async (kind, _mime, hasAlpha) => {
    const pdf = await renderRide({ ...base, logo: logo(kind) });
    const images = await pdfImages(pdf);
    expect(images.filter((i) => i.type === 'image')).toEqual([
      { page: 1, type: 'image', width: 360, height: 120 },
    ]);
    expect(images.some((i) => i.type === 'smask')).toBe(hasAlpha);
    // the logo box is 216 × 72 pt at (28, 28): grid point (14, 95) px of the logo is blue
    expect(near(await colourAt(pdf, 28 + 14 * 0.6, 28 + 95 * 0.6), LOGO_BLUE, 40)).toBe(true);
    // a transparent corner of the PNG/GIF shows the white page, the flattened JPEG is white there too
    expect(near(await colourAt(pdf, 28 + 200, 28 + 2), [255, 255, 255], 8)).toBe(true);
  });

  it('trusts the bytes, not the declared MIME type', async () => {
    const pdf = await renderRide({ ...base, logo: { data: logo('gif').data, mime: 'image/png' } });
    expect((await pdfImages(pdf)).filter((i) => i.type === 'image')).toHaveLength(1);
  });

  it('scales a very large logo down to 1200 px before embedding it', async () => {
    const width = 3000;
    const height = 1000;
    const data = new Uint8Array(width * height * 3).fill(200);
    const big = Buffer.from(encodePng({ width, height, data, channels: 3, depth: 8 }));
    const pdf = await renderRide({ ...base, logo: { data: big, mime: 'image/png' } });
    expect((await pdfImages(pdf)).find((i) => i.type === 'image')).toMatchObject({
      width: 1200,
      height: 400,
    });
  });

  it('refuses data that is not an image', async () => {
    const bad = {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      mime: 'image/png' as const,
    };
    await expect(renderRide({ ...base, logo: bad })).rejects.toThrow(/not a PNG, JPEG or GIF/);
  });
});

describe('RIDE file', () => {
  it('is an A4 PDF whose metadata names the document', async () => {
    const info = await pdfInfo(await renderRide(base));
    expect(info['Page size']).toBe('595.28 x 841.89 pts (A4)');
    expect(info.Title).toBe('FACTURA 001-002-000000123');
    expect(info.Author).toBe('Comercializadora Andina Ñandú S.A.');
    expect(info.Subject).toBe(model.accessKey);
  });

  it('gives the same bytes for the same input (no clock, no random ids)', async () => {
    const a = await renderRide({ ...base, logo: logo('png') });
    const b = await renderRide({ ...base, logo: logo('png') });
    expect(a.equals(b)).toBe(true);
  });
});
