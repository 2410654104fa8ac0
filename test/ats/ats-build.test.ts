import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAts, checkAts, parseAtsXml, validateAtsSchema } from '../../src/modules/ats/index.js';
import { validateWithSchema } from '../fiscal/xml-tools.js';
import { canonical, header, purchases, sales, voided } from './ats-sample.js';

const XSD = new URL('../../resources/sri/xsd/ats/ats.xsd', import.meta.url).pathname;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/ats/${name}`, import.meta.url), 'utf8');

async function build(h = header) {
  let xml = '';
  const summary = await buildAts(h, { purchases, sales, voided }, (chunk) => {
    xml += chunk;
  });
  return { xml, summary };
}

describe('ATS of March 2026 (the reference sample)', () => {
  it('is the reference file, element by element', async () => {
    const { xml, summary } = await build();
    expect(canonical(xml)).toBe(canonical(fixture('AT032026.xml')));
    expect(summary.problems).toEqual([]);
    expect(summary.purchases).toEqual({
      rows: 2,
      bases: '270.00',
      vat: '40.50',
      vatWithheld: '11.25',
      incomeTaxWithheld: '5.00',
    });
    expect(summary.sales).toEqual({
      documents: 6,
      rows: 3,
      totalVentas: '0.00',
      // Reading A: only physical sales count, and the sample's are all electronic.
      establishments: [
        { code: '001', total: '0.00' },
        { code: '002', total: '0.00' },
      ],
    });
    expect(summary.voided).toBe(1);
  });

  it('validates with xmllint against the SRI schema, and in-process', async () => {
    const { xml } = await build();
    const r = validateWithSchema(xml, XSD);
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
    expect(validateAtsSchema(xml)).toEqual([]);
  });

  it('under reading B totals every sale, credit notes added, and nets each establishment', async () => {
    // The reference's README gives these figures for reading B: 255.00, 001 = 235.00, 002 = 0.00.
    const { xml, summary } = await build({ ...header, totalVentasReading: 'all' });
    expect(summary.sales.totalVentas).toBe('255.00');
    expect(xml).toContain('<totalVentas>255.00</totalVentas>');
    expect(canonical(xml)).toContain('<codEstab>001</codEstab><ventasEstab>235.00</ventasEstab>');
    expect(canonical(xml)).toContain('<codEstab>002</codEstab><ventasEstab>0.00</ventasEstab>');
    expect(validateWithSchema(xml, XSD).status).toBe(0);
  });

  it('writes a RIMPE semester with regimenMicroempresa between Mes and numEstabRuc', async () => {
    const { xml } = await build({ ...header, period: { year: 2026, month: 6, semester: true } });
    expect(canonical(xml)).toContain(
      '<Mes>06</Mes><regimenMicroempresa>SI</regimenMicroempresa><numEstabRuc>002</numEstabRuc>',
    );
    expect(validateWithSchema(xml, XSD).status).toBe(0);
  });
});

describe('our own checks', () => {
  it('find nothing wrong in the valid sample', () => {
    expect(checkAts(parseAtsXml(fixture('AT032026.xml')))).toEqual([]);
  });

  it.each([
    ['invalid-1-razonSocial-characters.xml', ['iva/razonSocial'], 'letras sin tilde'],
    ['invalid-2-amount-one-decimal.xml', ['iva/compras/detalleCompras[1]/baseImpGrav'], 'dos decimales'],
    ['invalid-3-date-iso-format.xml', ['iva/compras/detalleCompras[1]/fechaEmision'], 'dd/mm/aaaa'],
    [
      'invalid-4-negative-credit-note.xml',
      ['iva/ventas/detalleVentas[2]/baseImpGrav', 'iva/ventas/detalleVentas[2]/montoIva'],
      'no puede ser negativo',
    ],
  ])('refuse %s naming the element', (file, elements, words) => {
    const xml = fixture(file);
    expect(validateAtsSchema(xml).length).toBeGreaterThan(0);
    const problems = checkAts(parseAtsXml(xml));
    expect(problems.map((p) => p.element)).toEqual(elements);
    for (const p of problems) expect(p.message).toContain(words);
  });

  it('refuse what the schema lets through: 31/02, a 000 establishment, a booking outside the period', () => {
    const xml = fixture('AT032026.xml')
      .replace('<fechaEmision>05/03/2026</fechaEmision>', '<fechaEmision>31/02/2026</fechaEmision>')
      .replace('<establecimiento>001</establecimiento>', '<establecimiento>000</establecimiento>')
      .replace('<fechaRegistro>20/03/2026</fechaRegistro>', '<fechaRegistro>01/04/2026</fechaRegistro>');
    expect(validateWithSchema(xml, XSD).status).toBe(0);
    expect(checkAts(parseAtsXml(xml)).map((p) => p.element)).toEqual([
      'iva/compras/detalleCompras[1]/establecimiento',
      'iva/compras/detalleCompras[1]/fechaEmision',
      'iva/compras/detalleCompras[2]/fechaRegistro',
    ]);
  });

  it('require the payment form above USD 500 and a sustento that allows the document', async () => {
    const big = {
      ...purchases[0]!,
      taxes: [{ taxCode: '2', rateCode: '4', base: '450.00', amount: '67.50' }],
      paymentForms: [],
      retention: undefined,
    };
    const settlement = {
      ...purchases[0]!,
      documentType: '03',
      supplierIdType: '05',
      supplierId: '1710034065',
      supportCode: '10',
      retention: undefined,
    };
    const { summary } = await buildAtsOf([big, settlement]);
    expect(summary.problems).toEqual([
      {
        element: 'iva/compras/detalleCompras[1]/formasDePago',
        message: expect.stringContaining('más de USD 500.00'),
      },
      {
        element: 'iva/compras/detalleCompras[2]/codSustento',
        message: expect.stringContaining('no admite comprobantes de tipo 03'),
      },
    ]);
  });

  it('refuse IVA withheld above the purchase IVA', async () => {
    const over = {
      ...purchases[0]!,
      retention: {
        ...purchases[0]!.retention!,
        lines: [
          { taxCode: '2' as const, code: '3', base: '37.50', rate: '100.00', amount: '37.50' },
          { taxCode: '2' as const, code: '2', base: '37.50', rate: '70.00', amount: '26.25' },
        ],
      },
    };
    const { summary } = await buildAtsOf([over]);
    expect(summary.problems.map((p) => p.element)).toEqual(['iva/compras/detalleCompras[1]/montoIva']);
  });
});

async function buildAtsOf(list: typeof purchases) {
  let xml = '';
  const summary = await buildAts(header, { purchases: list, sales, voided: [] }, (c) => {
    xml += c;
  });
  return { xml, summary };
}

describe('rows the reference sample does not have', () => {
  it('a third client with an invoice and a debit note: its own 18 and 05 rows, figures by hand', async () => {
    const third = {
      buyerIdType: '05',
      buyerId: '1710034065',
      buyerName: 'José Núñez',
      emission: 'E' as const,
      establishment: '002',
    };
    const more = [
      {
        ...third,
        documentType: '01' as const,
        taxes: [
          { taxCode: '2', rateCode: '4', base: '80.00', amount: '12.00' },
          { taxCode: '2', rateCode: '7', base: '5.00', amount: '0.00' },
        ],
        paymentForms: ['19', '01'],
      },
      {
        ...third,
        documentType: '05' as const,
        taxes: [{ taxCode: '2', rateCode: '4', base: '4.00', amount: '0.60' }],
        paymentForms: ['19'],
      },
    ];
    let xml = '';
    const summary = await buildAts(
      { ...header, totalVentasReading: 'all' },
      { purchases, sales: [...sales, ...more], voided },
      (c) => {
        xml += c;
      },
    );
    expect(summary.problems).toEqual([]);
    const flat = canonical(xml);
    // Exempt 5.00 goes to baseNoGraIva (ventas has no exempt column); forms sorted, distinct.
    expect(flat).toContain(
      '<detalleVentas><tpIdCliente>05</tpIdCliente><idCliente>1710034065</idCliente><parteRelVtas>NO</parteRelVtas><tipoComprobante>18</tipoComprobante><tipoEmision>E</tipoEmision><numeroComprobantes>1</numeroComprobantes><baseNoGraIva>5.00</baseNoGraIva><baseImponible>0.00</baseImponible><baseImpGrav>80.00</baseImpGrav><montoIva>12.00</montoIva><montoIce>0.00</montoIce><valorRetIva>0.00</valorRetIva><valorRetRenta>0.00</valorRetRenta><formasDePago><formaPago>01</formaPago><formaPago>19</formaPago></formasDePago></detalleVentas>',
    );
    expect(flat).toContain(
      '<detalleVentas><tpIdCliente>05</tpIdCliente><idCliente>1710034065</idCliente><parteRelVtas>NO</parteRelVtas><tipoComprobante>05</tipoComprobante><tipoEmision>E</tipoEmision><numeroComprobantes>1</numeroComprobantes><baseNoGraIva>0.00</baseNoGraIva><baseImponible>0.00</baseImponible><baseImpGrav>4.00</baseImpGrav><montoIva>0.60</montoIva>',
    );
    // Reading B: 255.00 + 85.00 + 4.00; establishment 002 = 85.00 + 4.00.
    expect(summary.sales.totalVentas).toBe('344.00');
    expect(flat).toContain('<codEstab>002</codEstab><ventasEstab>89.00</ventasEstab>');
    expect(validateWithSchema(xml, XSD).status).toBe(0);
  });

  it('anulados: one row per electronic document, contiguous paper runs joined', async () => {
    const paper = (sequential: number) => ({
      documentType: '01',
      establishment: '001',
      point: '003',
      sequential,
      authorization: '1122334455',
    });
    const electronic = (sequential: number) => ({
      documentType: '07',
      establishment: '001',
      point: '001',
      sequential,
      authorization: `0603202607179200001700120010010000003${sequential}1234567811`.slice(0, 49),
    });
    let xml = '';
    const summary = await buildAts(
      header,
      {
        purchases: [],
        sales,
        voided: [paper(9), paper(5), paper(7), paper(6), electronic(21), electronic(22)],
      },
      (c) => {
        xml += c;
      },
    );
    expect(summary.voided).toBe(4);
    const runs = [
      ...canonical(xml).matchAll(
        /<tipoComprobante>(\d+)<\/tipoComprobante><establecimiento>\d+<\/establecimiento><puntoEmision>(\d+)<\/puntoEmision><secuencialInicio>(\d+)<\/secuencialInicio><secuencialFin>(\d+)<\/secuencialFin>/g,
      ),
    ].map((m) => m.slice(1).join(' '));
    expect(runs).toEqual(['01 003 5 7', '01 003 9 9', '07 001 21 21', '07 001 22 22']);
    expect(validateWithSchema(xml, XSD).status).toBe(0);
  });

  it('refuses a payment form that closed before the period', async () => {
    const old = { ...purchases[0]!, paymentForms: ['09'] };
    const { summary } = await buildAtsOf([old]);
    expect(summary.problems).toEqual([
      {
        element: 'iva/compras/detalleCompras[1]/formasDePago/formaPago[1]',
        message: expect.stringContaining('no es una forma de pago vigente'),
      },
    ]);
  });
});
