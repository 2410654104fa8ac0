import { describe, expect, it } from 'vitest';
import { renderRide } from '../../src/adapters/ride/ride.js';
import { authorizationFor, buildDocument, manyItems } from './fixtures.js';
import { decodeBarcodes, hasLine, pdfPages } from './pdf-tools.js';

/** Sandbox RIDEs (ambiente 1, the tax authority's test environment) are tests, never tax documents. */
describe('the sandbox mark on the RIDE', () => {
  it('a sandbox RIDE says PRUEBAS — SIN VALIDEZ TRIBUTARIA on every page; the barcode still reads', async () => {
    const model = buildDocument({ environment: 'sandbox', items: manyItems(70) });
    const pdf = await renderRide({
      model,
      status: 'AUTHORIZED',
      authorization: authorizationFor(model),
      language: 'es',
    });
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(hasLine(page, 'PRUEBAS — SIN VALIDEZ TRIBUTARIA')).toBe(true);
    expect(pages[0]).not.toContain('BORRADOR');
    expect(await decodeBarcodes(pdf)).toEqual([model.accessKey]);
  });

  it('a production RIDE carries no test mark', async () => {
    const model = buildDocument({ environment: 'production', items: manyItems(70) });
    const pages = await pdfPages(
      await renderRide({
        model,
        status: 'AUTHORIZED',
        authorization: authorizationFor(model),
        language: 'es',
      }),
    );
    for (const page of pages) {
      expect(page).not.toContain('PRUEBAS');
      expect(page).not.toContain('SIN VALIDEZ');
    }
  });

  it('names every reason in the banner: a sandbox draft, a voided sandbox document, in English', async () => {
    const model = buildDocument({ environment: 'sandbox', items: manyItems(2) });
    const [draft = ''] = await pdfPages(
      await renderRide({ model, status: 'SIGNED', authorization: null, language: 'es' }),
    );
    expect(hasLine(draft, 'BORRADOR — SIN VALOR TRIBUTARIO · PRUEBAS — SIN VALIDEZ TRIBUTARIA')).toBe(true);
    const [voided = ''] = await pdfPages(
      await renderRide({ model, status: 'VOIDED', authorization: authorizationFor(model), language: 'en' }),
    );
    expect(hasLine(voided, 'VOIDED DOCUMENT · TEST — NOT VALID FOR TAX PURPOSES')).toBe(true);
  });
});
