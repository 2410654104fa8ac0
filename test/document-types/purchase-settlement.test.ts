import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRide } from '../../src/adapters/ride/ride.js';
import { purchaseSettlementType } from '../../src/modules/documents/types/purchase-settlement/index.js';
import type { PurchaseSettlementBodyT } from '../../src/modules/documents/types/purchase-settlement/schema.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import type { IssuerSnapshot } from '../../src/shared/document-model.js';
import { validateWithSchema, xmlsecVerify } from '../fiscal/xml-tools.js';
import { decodeBarcodes, hasLine, pdfPages } from '../ride/pdf-tools.js';
import { type Harness, startHarness } from '../sri/harness.js';
import {
  CERT_PEM,
  contextFor,
  expectRefusal,
  fieldErrors,
  headerFor,
  leaves,
  sample,
  sign,
  withoutSignature,
  XSD_DIR,
} from './helpers.js';

const XSD = `${XSD_DIR}LiquidacionCompra_V1.1.0.xsd`;
const t = purchaseSettlementType;
const EXAMPLE = (t.bodySchema as unknown as { examples: PurchaseSettlementBodyT[] }).examples[0]!;
const EXAMPLE_DAY = '19/08/2024';
const body = (edit: (b: PurchaseSettlementBodyT) => void = () => {}): PurchaseSettlementBodyT => {
  const b = structuredClone(EXAMPLE);
  edit(b);
  return b;
};
const compute = (b: PurchaseSettlementBodyT, today = EXAMPLE_DAY) => t.compute(b, contextFor(today));
const IVA15 = (base: string, value: string) => ({
  code: '2',
  rateCode: '4',
  rate: '15.00',
  taxableBase: base,
  taxAmount: value,
});

/** A service at IVA 15 % (2 × 12.345 − 1.00 = 23.69 → IVA 3.55) and the rice at 0 %: total 5058.24. */
const twoRates = (b: PurchaseSettlementBodyT) => {
  b.items.push({
    mainCode: 'SRV-01',
    description: 'Secado de grano',
    quantity: '2',
    unitPrice: '12.345',
    discount: '1.00',
    additionalDetails: [{ name: 'Lote', value: 'L-7' }],
    taxes: [IVA15('23.69', '3.55')],
  });
  b.payments = [{ method: '20', total: '5059.24' }];
};

describe('03 liquidación de compra: compute', () => {
  it('the schema example is valid against its own schema', () => {
    expect(Value.Check(t.bodySchema, EXAMPLE)).toBe(true);
  });

  it('computes the example with the invoice arithmetic and its summary', () => {
    const content = compute(body());
    expect(content.totals).toEqual({
      totalWithoutTaxes: '5032.00',
      totalDiscount: '0.00',
      taxTotals: [{ code: '2', rateCode: '0', rate: '0.00', taxableBase: '5032.00', amount: '0.00' }],
      tip: '0.00',
      total: '5032.00',
    });
    expect(t.summary(content)).toMatchObject({
      counterpartId: '0914250881',
      emails: ['s@example.com'],
      total: '5032.00',
      original: null,
    });
  });

  it('groups the IVA rates like an invoice', () => {
    const content = compute(body(twoRates));
    expect(content.totals.taxTotals.map((x) => [x.rateCode, x.taxableBase, x.amount])).toEqual([
      ['0', '5032.00', '0.00'],
      ['4', '23.69', '3.55'],
    ]);
    expect(content.totals.total).toBe('5059.24');
  });

  describe('refuses, naming the field', () => {
    const cases: [string, (b: PurchaseSettlementBodyT) => void, string, RegExp][] = [
      [
        'a tax other than IVA (ICE)',
        (b) => {
          b.items[0]!.taxes.unshift({
            code: '3',
            rateCode: '3051',
            rate: '0.00',
            taxableBase: '5032.00',
            taxAmount: '0.00',
          });
        },
        'items[0].taxes[0].code',
        /IVA only/,
      ],
      [
        'a tip',
        (b) => {
          (b as Record<string, unknown>).tip = '1.00';
        },
        'tip',
        /no tip/,
      ],
      [
        'payments that do not add up to the total',
        (b) => {
          b.payments[0]!.total = '5000.00';
        },
        'payments',
        /add up to 5000\.00/,
      ],
      [
        'a stated line tax unlike ours',
        (b) => {
          twoRates(b);
          b.items[1]!.taxes[0]!.taxAmount = '3.56';
        },
        'items[1].taxes[0].taxAmount',
        /expected 3\.55/,
      ],
      [
        'a line base unlike ours',
        (b) => {
          b.items[0]!.taxes[0]!.taxableBase = '5000.00';
        },
        'items[0].taxes[0].taxableBase',
        /expected 5032\.00/,
      ],
      [
        'a zero quantity',
        (b) => {
          b.items[0]!.quantity = '0';
        },
        'items[0].quantity',
        /greater than 0/,
      ],
      [
        'a discount above the line',
        (b) => {
          b.items[0]!.discount = '6000.00';
        },
        'items[0].discount',
        /must not exceed/,
      ],
      [
        'a historical IVA rate',
        (b) => {
          b.items[0]!.taxes[0] = {
            code: '2',
            rateCode: '2',
            rate: '12.00',
            taxableBase: '5032.00',
            taxAmount: '603.84',
          };
        },
        'items[0].taxes[0].rateCode',
        /historical/,
      ],
      [
        'a final consumer as the supplier',
        (b) => {
          b.supplier.idType = '07';
          b.supplier.id = '9999999999999';
        },
        'supplier.idType',
        /must be one of/,
      ],
      [
        'a cédula that is not 10 digits',
        (b) => {
          b.supplier.id = '09142508';
        },
        'supplier.id',
        /cédula/,
      ],
      [
        'an issue date in the future',
        (b) => {
          b.issueDate = '20/08/2024';
        },
        'issueDate',
        /future/,
      ],
    ];
    it.each(cases)('%s', (_name, edit, path, message) => {
      expectRefusal(() => compute(body(edit)), path, message);
    });

    it('every error at once', () => {
      const errors = fieldErrors(() =>
        compute(
          body((b) => {
            b.supplier.email = 'x';
            b.items[0]!.unitPrice = '-1';
          }),
        ),
      );
      expect(errors.map((e) => e.path)).toEqual(['supplier.email', 'items[0].unitPrice']);
    });
  });
});

describe('03 liquidación de compra: XML, signature', () => {
  const content = compute(body(twoRates));
  const header = headerFor('03', content.issueDate);
  const xml = t.buildXml(header, content);

  it('is valid against LiquidacionCompra_V1.1.0.xsd (xmllint)', () => {
    const r = validateWithSchema(xml, XSD);
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
    expect(xml).toContain('<direccionProveedor>KM 18 VIA A SAMBORONDON</direccionProveedor>');
    expect(validateWithSchema(xml.replace('<codigo>2</codigo>', '<codigo>3</codigo>'), XSD).status).not.toBe(
      0,
    );
  });

  it("signed with the project's signer, verifies with xmlsec1", () => {
    const signed = sign(xml);
    const r = xmlsecVerify(signed, 'liquidacionCompra', CERT_PEM);
    expect(r.stderr).toMatch(/^OK$/m);
    expect(r.status).toBe(0);
    expect(
      xmlsecVerify(signed.replace('<importeTotal>5059.24<', '<importeTotal>5059.25<'), 'liquidacionCompra')
        .status,
    ).not.toBe(0);
  });
});

describe('03 liquidación de compra: the real authorized sample as a test vector', () => {
  const file = 'liquidacionCompra_v1.1.0_real_1908202403091651386400120010020000005891234567816.TaxoWS.xml';
  const issuer: IssuerSnapshot = {
    ruc: '0916513864001',
    businessName: 'PLUAS ESPINOZA GUIDO ROBERTO',
    tradeName: 'PLUAS ESPINOZA GUIDO ROBERTO',
    mainAddress: 'DIAGONAL AL DESVIO DEL RCTO. EL SALTO SN',
    branchAddress: 'DIAGONAL AL DESVIO DEL RCTO. EL SALTO SN',
    branchCode: '001',
    issuePointCode: '002',
    requiredAccounting: true,
    specialTaxpayer: null,
    retentionAgentResolution: '1',
    rimpeRegime: null,
  };
  // The issuer put the supplier's address in infoAdicional, not in direccionProveedor.
  const vector = body((b) => {
    delete b.supplier.address;
    b.additionalInfo = [
      { name: 'Direccion', value: 'KM 18 VIA A SAMBORONDON' },
      { name: 'Email', value: '2' },
      { name: 'Categorizado: ', value: 'AGENTE DE RETENCION' },
      { name: 'Resolucion No.: ', value: 'RESOLUCION No. NAC-DNCRASC20-00000001' },
    ];
  });

  it('builds the same document field by field; the key differs only in its random part', () => {
    const real = sample(file);
    const content = t.compute(vector, contextFor(EXAMPLE_DAY, issuer, 'production'));
    const header = headerFor('03', EXAMPLE_DAY, {
      issuer,
      environment: 'production',
      sequential: '000000589',
      numericCode: '87654321',
    });
    const ours = t.buildXml(header, content);
    // unidadTiempo: our catalog's code "dias" where the issuer wrote "DIAS".
    const skip = (l: string) => l.includes('/claveAcceso[1] = ') || l.includes('/unidadTiempo[1] = ');
    expect(leaves(ours).filter((l) => !skip(l))).toEqual(
      leaves(withoutSignature(real)).filter((l) => !skip(l)),
    );
    const realKey = /<claveAcceso>(\d{49})</.exec(real)![1]!;
    expect(header.accessKey.slice(0, 39)).toBe(realKey.slice(0, 39));
    expect(header.accessKey).not.toBe(realKey);
    expect(xmlsecVerify(real, 'liquidacionCompra').status).toBe(0);
  });
});

describe('03 liquidación de compra: the SRI simulator over SOAP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  function build(edit: (xml: string) => string = (x) => x) {
    const today = ecuadorDate(h.clock.now());
    const content = compute(
      body((b) => {
        twoRates(b);
        b.issueDate = today;
      }),
      today,
    );
    const header = headerFor('03', today);
    return { header, signed: sign(edit(t.buildXml(header, content))) };
  }

  it('receives and authorizes a signed liquidación', async () => {
    const { header, signed } = build();
    expect(await h.client.validate('sandbox', signed)).toEqual({ status: 'RECIBIDA', messages: [] });
    const entry = (await h.client.authorize('sandbox', header.accessKey)).authorizations[0]!;
    expect(entry).toMatchObject({ status: 'AUTORIZADO', authorizationNumber: header.accessKey });
  });

  it('refuses totals that do not add up (52) and a document failing its schema (35)', async () => {
    const bad = build((xml) => xml.replace('<importeTotal>5059.24<', '<importeTotal>5060.24<'));
    expect((await h.client.validate('sandbox', bad.signed)).status).toBe('RECIBIDA');
    const entry = (await h.client.authorize('sandbox', bad.header.accessKey)).authorizations[0]!;
    expect(entry.messages.map((m) => m.identifier)).toEqual(['52']);
    const invalid = build((xml) => xml.replace('<moneda>DOLAR</moneda>', '<propina>0.00</propina>'));
    expect((await h.client.validate('sandbox', invalid.signed)).messages.map((m) => m.identifier)).toEqual([
      '35',
    ]);
  });
});

describe('03 liquidación de compra: RIDE', () => {
  const content = compute(body(twoRates));
  const header = headerFor('03', content.issueDate);
  const view = t.ride(header, content).view!;
  const authorization = { number: header.accessKey, date: '2024-08-19T10:15:00-05:00' };

  it('shows the supplier, the items, the totals and the barcode', async () => {
    const pdf = await renderRide({ view, status: 'AUTHORIZED', authorization, language: 'es' });
    const [page] = await pdfPages(pdf);
    expect(hasLine(page!, 'LIQUIDACIÓN DE COMPRA DE BIENES')).toBe(true);
    expect(hasLine(page!, 'Y PRESTACIÓN DE SERVICIOS')).toBe(true);
    expect(hasLine(page!, 'Razón Social / Nombres y Apellidos: SORIANO SALAS EDDIE')).toBe(true);
    expect(hasLine(page!, 'ACASC ACASC 136 ARROZ CASCARA G. LARGO 37.00 0.00 5032.00')).toBe(true);
    expect(hasLine(page!, 'SRV-01 2 Secado de grano (Lote: L-7) 12.345 1.00 23.69')).toBe(true);
    expect(hasLine(page!, 'SUBTOTAL 0% 5032.00')).toBe(true);
    expect(hasLine(page!, 'SUBTOTAL 15% 23.69')).toBe(true);
    expect(hasLine(page!, 'TOTAL DESCUENTO 1.00')).toBe(true);
    expect(hasLine(page!, 'IVA 15% 3.55')).toBe(true);
    expect(hasLine(page!, 'VALOR TOTAL 5059.24')).toBe(true);
    // The XML's pagos, as on the invoice's RIDE.
    expect(hasLine(page!, 'Forma de pago Valor Plazo Unidad de tiempo')).toBe(true);
    expect(page).toMatch(/20 - OTROS CON UTILIZACIÓN[^\n]*5059\.24/);
    expect(await decodeBarcodes(pdf)).toEqual([header.accessKey]);
  });

  it('in English', async () => {
    const [page] = await pdfPages(
      await renderRide({ view, status: 'AUTHORIZED', authorization, language: 'en' }),
    );
    expect(page).toContain('PURCHASE SETTLEMENT');
    expect(hasLine(page!, 'TOTAL 5059.24')).toBe(true);
  });
});
