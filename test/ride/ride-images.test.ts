import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { renderRide, type SalesRideInput } from '../../src/adapters/ride/ride.js';
import { authorizationFor, logo } from './fixtures.js';
import { decodeBarcodes, pdfImages, pdfInfo, rasterize } from './pdf-tools.js';
import { richInvoice } from './sample-documents.js';

const model = richInvoice();
const base: SalesRideInput = {
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

/** Share of pixels in a rectangle (points, 72 dpi) for which `test` holds. */
async function share(
  pdf: Buffer,
  page: number,
  box: [number, number, number, number],
  test: (rgb: number[]) => boolean,
) {
  const img = await rasterize(pdf, page, 72);
  let hits = 0;
  let total = 0;
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) {
      const i = (y * img.width + x) * img.channels;
      if (test([img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0])) hits++;
      total++;
    }
  }
  return hits / total;
}

describe('RIDE stamps as drawn', () => {
  // lower-left part of a page, empty on these documents but for the diagonal stamp
  const empty: [number, number, number, number] = [40, 660, 260, 790];
  const reddish = ([r, g, b]: number[]) => (r ?? 0) - (g ?? 0) > 25 && Math.abs((g ?? 0) - (b ?? 0)) < 12;
  const greyish = ([r, g, b]: number[]) =>
    (r ?? 0) < 240 && Math.abs((r ?? 0) - (g ?? 0)) < 6 && Math.abs((g ?? 0) - (b ?? 0)) < 6;

  it('shows a large red stamp on every page of a voided document, none on an authorized one', async () => {
    const long = richInvoice();
    long.items = [...long.items, ...long.items, ...long.items, ...long.items, ...long.items, ...long.items];
    const voided = await renderRide({ ...base, model: long, status: 'VOIDED' });
    const pages = Number((await pdfInfo(voided)).Pages);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++)
      expect(await share(voided, p, [40, 400, 555, 800], reddish)).toBeGreaterThan(0.04);
    expect(await share(await renderRide({ ...base, model: long }), 1, [40, 400, 555, 800], reddish)).toBe(0);
  });

  it('shows a large grey stamp on a draft', async () => {
    const draft = await renderRide({ ...base, status: 'SIGNED', authorization: null });
    expect(await share(draft, 1, empty, greyish)).toBeGreaterThan(0.04);
    expect(await share(await renderRide(base), 1, empty, greyish)).toBe(0);
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
