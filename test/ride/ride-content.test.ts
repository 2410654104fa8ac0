import { describe, expect, it } from 'vitest';
import { renderRide, type SalesRideInput } from '../../src/adapters/ride/ride.js';
import { checkRide } from './expect-ride.js';
import { authorizationFor, buildDocument, IVA_15, item, manyItems } from './fixtures.js';
import { hasLine, hasWords, pdfPages } from './pdf-tools.js';
import { allTaxesInvoice, richCreditNote, richInvoice } from './sample-documents.js';

const authorized = (
  model: SalesRideInput['model'],
  language: SalesRideInput['language'] = 'es',
): SalesRideInput => ({
  model,
  status: 'AUTHORIZED',
  authorization: authorizationFor(model),
  language,
});

describe('RIDE pagination', () => {
  it('continues 80 items over pages with the header repeated, page numbers and totals on the last page', async () => {
    const model = buildDocument({ items: manyItems(80) });
    const pages = await pdfPages(await renderRide(authorized(model)));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(hasLine(page, `Página ${i + 1} de ${pages.length}`)).toBe(true);
      const hasRows = model.items.some((it) => hasLine(page, `${it.mainCode} `));
      expect(hasRows || i === pages.length - 1).toBe(true);
      const header = 'Cód. Principal Cód. Auxiliar Cant. Descripción Precio Unitario Descuento Precio Total';
      expect(hasLine(page, header)).toBe(hasRows);
      // the barcode block is on page 1 only; later pages carry the short header
      expect(page.includes('CLAVE DE ACCESO')).toBe(i === 0);
      if (i > 0)
        expect(hasLine(page, 'Comercializadora Andina Ñandú S.A. FACTURA No. 001-002-000000123')).toBe(true);
      expect(hasLine(page, 'VALOR TOTAL')).toBe(i === pages.length - 1);
    });
    // rows keep their order across pages
    const order = model.items.map((it) => pages.join('\n').indexOf(`${it.mainCode} `));
    expect(order.every((pos, i) => pos > 0 && (i === 0 || pos > (order[i - 1] ?? 0)))).toBe(true);
  });

  it('moves the closing block to a page of its own when it does not fit under the last row', async () => {
    let bottomOnly: string[] | null = null;
    for (let n = 30; n <= 48 && !bottomOnly; n++) {
      const model = buildDocument({ items: manyItems(n) });
      const pages = await pdfPages(await renderRide(authorized(model)));
      expect(checkRide(pages, authorized(model))).toEqual([]);
      const last = pages.at(-1) ?? '';
      if (!model.items.some((it) => hasLine(last, `${it.mainCode} `))) bottomOnly = pages;
    }
    expect(bottomOnly).not.toBeNull();
    const last = bottomOnly?.at(-1) ?? '';
    expect(hasLine(last, 'VALOR TOTAL')).toBe(true);
    expect(hasLine(last, 'Información Adicional')).toBe(true);
    expect(last.includes('Cód. Principal')).toBe(false);
  });
});

describe('RIDE totals', () => {
  it('lists one subtotal per IVA rate, ICE, IRBPNR, IVA per taxed rate, tip and total, in the usual order', async () => {
    const model = allTaxesInvoice();
    const [page] = await pdfPages(await renderRide(authorized(model)));
    const labels = [
      'SUBTOTAL 15%',
      'SUBTOTAL 13%',
      'SUBTOTAL 5%',
      'SUBTOTAL 0%',
      'SUBTOTAL NO OBJETO DE IVA',
      'SUBTOTAL EXENTO DE IVA',
      'SUBTOTAL SIN IMPUESTOS',
      'TOTAL DESCUENTO',
      'ICE',
      'IRBPNR',
      'IVA 15%',
      'IVA 13%',
      'IVA 5%',
      'PROPINA',
      'VALOR TOTAL',
    ];
    // each label followed by its amount, on the right-hand side of a line
    const positions = labels.map((l) =>
      page?.search(new RegExp(`(^|\\s)${l.replace(/[%.]/g, '\\$&')}\\s+\\d+\\.\\d\\d(\\s|$)`, 'm')),
    );
    expect(positions.every((p) => p !== undefined && p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(positions);
    // no IVA line for the zero rates
    expect(page).not.toMatch(/^\s*IVA 0%/m);
    // the figures of the fixture, worked out by hand: ICE 10% of 8 × 16.25 = 13.00; IRBPNR 9 × 0.02
    expect(hasLine(page ?? '', 'ICE 13.00')).toBe(true);
    expect(hasLine(page ?? '', 'IRBPNR 0.18')).toBe(true);
    expect(hasLine(page ?? '', 'PROPINA 2.50')).toBe(true);
  });

  it('closes a credit note with VALOR MODIFICACIÓN and no tip or payments', async () => {
    const model = richCreditNote();
    const [page] = await pdfPages(await renderRide(authorized(model)));
    expect(hasLine(page ?? '', `VALOR MODIFICACIÓN ${model.totals.total}`)).toBe(true);
    expect(page).not.toContain('PROPINA');
    expect(page).not.toContain('Forma de pago');
  });
});

describe('RIDE text', () => {
  it('shows Spanish and Western European characters exactly', async () => {
    const name = 'Ñandú Peñafiel & Cía. ¿Qué? ¡Sí! 10 €';
    const rest = '“Comillas” ‘simples’ — üÜ ÁÉÍÓÚ áéíóú ç… • ™';
    const model = buildDocument({
      buyerName: name,
      items: [
        item({
          mainCode: 'UTF-1',
          description: rest,
          quantity: '1',
          unitPrice: '10.000000',
          taxes: [IVA_15],
        }),
      ],
      additionalInfo: [{ name: 'Observación', value: `${name} ${rest}` }],
    });
    const [page = ''] = await pdfPages(await renderRide(authorized(model)));
    expect(hasLine(page, `Razón Social / Nombres y Apellidos: ${name}`)).toBe(true);
    expect(hasLine(page, `UTF-1 1 ${rest} 10.000000 0.00 10.00`)).toBe(true);
    expect(hasWords(page, `Observación: ${name} ${rest}`)).toBe(true);
    for (const ch of 'ñÑáéíóúÁÉÍÓÚüÜ¿¡€“”‘’—…•™ç') expect(page).toContain(ch);
  });

  it('transliterates what WinAnsi cannot show instead of printing wrong glyphs', async () => {
    const model = buildDocument({
      buyerName: 'Łukasz Wójcik, Nguyễn Đức Thắng, Ørsted, 北京 Ltd. 😀',
      items: [
        item({
          mainCode: 'X',
          description: 'Zero\u200bwidth\ttab',
          quantity: '1',
          unitPrice: '1.000000',
          taxes: [IVA_15],
        }),
      ],
    });
    const [page] = await pdfPages(await renderRide(authorized(model)));
    expect(page).toContain('Lukasz Wójcik, Nguyen Duc Thang, Ørsted, ?? Ltd. ?');
    expect(page).toContain('Zerowidth tab');
  });

  it('shows the authorization time in America/Guayaquil whatever the offset it came with', async () => {
    const model = richInvoice();
    const input: SalesRideInput = {
      ...authorized(model),
      authorization: { number: model.accessKey, date: '2024-12-14T01:30:05+02:00' },
    };
    const [page] = await pdfPages(await renderRide(input));
    expect(hasLine(page ?? '', 'FECHA Y HORA DE AUTORIZACIÓN: 13/12/2024 18:30:05')).toBe(true);
  });

  it('refuses an authorization date without an offset', async () => {
    const model = richInvoice();
    const input: SalesRideInput = {
      ...authorized(model),
      authorization: { number: model.accessKey, date: '2024-12-13T12:00:00' },
    };
    await expect(renderRide(input)).rejects.toThrow(/ISO 8601 with an offset/);
  });
});

describe('RIDE marks', () => {
  it('marks a voided document on every page and keeps its authorization', async () => {
    const model = buildDocument({ items: manyItems(60) });
    const pages = await pdfPages(await renderRide({ ...authorized(model), status: 'VOIDED' }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(hasLine(page, 'DOCUMENTO ANULADO')).toBe(true);
    expect(hasLine(pages[0] ?? '', 'FECHA Y HORA DE AUTORIZACIÓN: 13/12/2024 12:55:46')).toBe(true);
  });

  it('renders a document without authorization as a draft, PENDIENTE in place of number and date', async () => {
    const model = richInvoice();
    const input: SalesRideInput = { model, status: 'SIGNED', authorization: null, language: 'es' };
    const [page] = await pdfPages(await renderRide(input));
    expect(hasLine(page ?? '', 'BORRADOR — SIN VALOR TRIBUTARIO')).toBe(true);
    expect(hasLine(page ?? '', 'NÚMERO DE AUTORIZACIÓN')).toBe(true);
    expect(page?.match(/PENDIENTE/g)).toHaveLength(2);
    expect(hasLine(page ?? '', 'FECHA Y HORA DE AUTORIZACIÓN: PENDIENTE')).toBe(true);
  });

  it('does not show an authorization a non-authorized status carries', async () => {
    const model = richInvoice();
    const pages = await pdfPages(await renderRide({ ...authorized(model), status: 'NOT_AUTHORIZED' }));
    expect(pages[0]).not.toContain('12:55:46');
    expect(hasLine(pages[0] ?? '', 'BORRADOR — SIN VALOR TRIBUTARIO')).toBe(true);
  });

  it('marks a voided document that never got its authorization as both voided and draft', async () => {
    const model = richInvoice();
    const [page = ''] = await pdfPages(
      await renderRide({ model, status: 'VOIDED', authorization: null, language: 'es' }),
    );
    expect(hasLine(page, 'DOCUMENTO ANULADO · BORRADOR — SIN VALOR TRIBUTARIO')).toBe(true);
    expect(hasLine(page, 'FECHA Y HORA DE AUTORIZACIÓN: PENDIENTE')).toBe(true);
  });

  it('uses English marks for English RIDEs', async () => {
    const model = richInvoice();
    const voided = await pdfPages(await renderRide({ ...authorized(model, 'en'), status: 'VOIDED' }));
    expect(hasLine(voided[0] ?? '', 'VOIDED DOCUMENT')).toBe(true);
    const draft = await pdfPages(
      await renderRide({ model, status: 'RECEIVED', authorization: null, language: 'en' }),
    );
    expect(hasLine(draft[0] ?? '', 'DRAFT — NOT A TAX DOCUMENT')).toBe(true);
    expect(hasLine(draft[0] ?? '', 'AUTHORIZATION DATE AND TIME: PENDING')).toBe(true);
  });
});

describe('RIDE edge cases', () => {
  it('renders a document without items: header, empty table, totals', async () => {
    const model = buildDocument({ items: [], payments: [], additionalInfo: [] });
    const pages = await pdfPages(await renderRide(authorized(model)));
    expect(pages).toHaveLength(1);
    expect(hasLine(pages[0] ?? '', 'VALOR TOTAL 0.00')).toBe(true);
    expect(pages[0]).not.toContain('Información Adicional');
  });

  it('wraps a 300-character business name on page 1 and shortens it in the header of later pages', async () => {
    const name = `Compañía ${'Ecuatoriana de Servicios Industriales y Comerciales '.repeat(6)}S.A.`.slice(
      0,
      300,
    );
    const model = buildDocument({ issuer: { businessName: name }, items: manyItems(60) });
    const pages = await pdfPages(await renderRide(authorized(model)));
    expect(hasWords(pages[0] ?? '', name)).toBe(true);
    expect(pages[1]).toMatch(
      /^\s*Compañía Ecuatoriana de Servicios .*…\s+FACTURA No\. 001-002-000000123\s*$/m,
    );
  });
});

describe('RIDE checker', () => {
  it('reports what a RIDE of another document lacks (the checks can fail)', async () => {
    const invoice = richInvoice();
    const pages = await pdfPages(await renderRide(authorized(invoice)));
    const problems = checkRide(pages, authorized(richCreditNote()));
    expect(problems).toContain('document block: no line with "NOTA DE CRÉDITO"');
    expect(problems.some((p) => p.startsWith('credit note reference'))).toBe(true);
    expect(problems.some((p) => p.startsWith('totals'))).toBe(true);
  });
});
