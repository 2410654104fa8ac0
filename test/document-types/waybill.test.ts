import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRide } from '../../src/adapters/ride/ride.js';
import { waybillType } from '../../src/modules/documents/types/waybill/index.js';
import type { WaybillBodyT } from '../../src/modules/documents/types/waybill/schema.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { validateWithSchema, xmlsecVerify } from '../fiscal/xml-tools.js';
import { decodeBarcodes, hasLine, pdfPages } from '../ride/pdf-tools.js';
import { type Harness, startHarness } from '../sri/harness.js';
import { CERT_PEM, contextFor, expectRefusal, fieldErrors, headerFor, sign, XSD_DIR } from './helpers.js';

const XSD = `${XSD_DIR}GuiaRemision_V1.1.0.xsd`;
const t = waybillType;
const EXAMPLE = (t.bodySchema as unknown as { examples: WaybillBodyT[] }).examples[0]!;
const EXAMPLE_DAY = '21/10/2025';
const body = (edit: (b: WaybillBodyT) => void = () => {}): WaybillBodyT => {
  const b = structuredClone(EXAMPLE);
  edit(b);
  return b;
};
const compute = (b: WaybillBodyT, today = EXAMPLE_DAY) => t.compute(b, contextFor(today));
const R0 = 'recipients[0]';

/** A second recipient: a transfer between own branches, no sales document, two items. */
const twoRecipients = (b: WaybillBodyT) => {
  b.recipients.push({
    id: '1790011674001',
    name: 'Bodega Norte',
    address: 'Panamericana Norte km 7, Quito',
    email: 'bodega@example.com',
    transferReason: 'Traslado entre establecimientos',
    customsDocument: 'DAU-55-2025',
    destinationBranchCode: '003',
    route: 'Guayaquil - Quito',
    items: [
      { description: 'Llantas 265/70 R16', quantity: '8' },
      { mainCode: 'ACE-5W30', description: 'Aceite 5W30 galón', quantity: '12.5' },
    ],
  });
};

describe('06 guía de remisión: compute', () => {
  it('the schema example is valid against its own schema', () => {
    expect(Value.Check(t.bodySchema, EXAMPLE)).toBe(true);
  });

  it('computes the example; the list total is 0.00 and every recipient gets the email', () => {
    const content = compute(body(twoRecipients));
    expect(content.issueDate).toBe(EXAMPLE_DAY);
    expect(content.recipients[1]!.items.map((i) => i.quantity)).toEqual(['8', '12.5']);
    expect(t.summary(content)).toEqual({
      counterpartIdType: '04',
      counterpartId: '1796875790001',
      counterpartName: 'Transportes S.A.',
      emails: ['r@example.com', 'bodega@example.com'],
      total: '0.00',
      original: null,
    });
  });

  describe('refuses, naming the field', () => {
    const cases: [string, (b: WaybillBodyT) => void, string, RegExp][] = [
      [
        'a transport start before the issue date',
        (b) => {
          b.transportStartDate = '20/10/2025';
        },
        'transportStartDate',
        /before the issue date/,
      ],
      [
        'a transport end before its start',
        (b) => {
          b.transportEndDate = '20/10/2025';
          b.transportStartDate = '21/10/2025';
        },
        'transportEndDate',
        /before transportStartDate/,
      ],
      [
        'a transport date that does not exist',
        (b) => {
          b.transportEndDate = '31/11/2025';
        },
        'transportEndDate',
        /real date/,
      ],
      [
        'no recipient',
        (b) => {
          b.recipients = [];
        },
        'recipients',
        /at least one recipient/,
      ],
      [
        'a recipient without items',
        (b) => {
          b.recipients[0]!.items = [];
        },
        `${R0}.items`,
        /at least one item/,
      ],
      [
        'a zero quantity',
        (b) => {
          b.recipients[0]!.items[0]!.quantity = '0';
        },
        `${R0}.items[0].quantity`,
        /greater than 0/,
      ],
      [
        'a quantity with 7 decimals',
        (b) => {
          b.recipients[0]!.items[0]!.quantity = '1.0000001';
        },
        `${R0}.items[0].quantity`,
        /6 decimals/,
      ],
      [
        'a sales document after the guía',
        (b) => {
          b.recipients[0]!.supportingDocument!.issueDate = '22/10/2025';
        },
        `${R0}.supportingDocument.issueDate`,
        /after/,
      ],
      [
        'a recipient email that is not one',
        (b) => {
          b.recipients[0]!.email = 'r@';
        },
        `${R0}.email`,
        /email/,
      ],
      [
        'a carrier RUC that is not 13 digits ending 001',
        (b) => {
          b.carrier.id = '1796875790';
        },
        'carrier.id',
        /RUC/,
      ],
      [
        'a final consumer as the carrier',
        (b) => {
          b.carrier.idType = '07';
          b.carrier.id = '9999999999999';
        },
        'carrier.idType',
        /must be one of/,
      ],
      [
        'a blank plate',
        (b) => {
          b.carrier.licensePlate = '  ';
        },
        'carrier.licensePlate',
        /blank/,
      ],
      [
        'an issue date in the future',
        (b) => {
          b.issueDate = '22/10/2025';
          b.transportStartDate = '22/10/2025';
        },
        'issueDate',
        /future/,
      ],
    ];
    it.each(cases)('%s', (_name, edit, path, message) => {
      expectRefusal(() => compute(body(edit)), path, message);
    });

    it('every error at once, across recipients', () => {
      const errors = fieldErrors(() =>
        compute(
          body((b) => {
            twoRecipients(b);
            b.recipients[1]!.items[0]!.quantity = '0';
            b.transportEndDate = '01/10/2025';
          }),
        ),
      );
      expect(errors.map((e) => e.path)).toEqual(['transportEndDate', 'recipients[1].items[0].quantity']);
    });
  });
});

describe('06 guía de remisión: XML, signature', () => {
  const content = compute(body(twoRecipients));
  const header = headerFor('06', content.issueDate);
  const xml = t.buildXml(header, content);

  it('is valid against GuiaRemision_V1.1.0.xsd (xmllint), with no fechaEmision and no amounts', () => {
    const r = validateWithSchema(xml, XSD);
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
    expect(xml).not.toContain('fechaEmision>');
    expect(xml).toContain(
      '<motivoTraslado>Traslado entre establecimientos</motivoTraslado><docAduaneroUnico>DAU-55-2025</docAduaneroUnico><codEstabDestino>003</codEstabDestino>',
    );
    expect(xml).toContain(
      '<codDocSustento>01</codDocSustento><numDocSustento>002-001-000000001</numDocSustento>',
    );
    // OCA's order (docAduaneroUnico after the sustento fields) is what the schema refuses
    const ocaOrder = xml.replace(
      '<docAduaneroUnico>DAU-55-2025</docAduaneroUnico><codEstabDestino>003</codEstabDestino><ruta>Guayaquil - Quito</ruta>',
      '<codEstabDestino>003</codEstabDestino><ruta>Guayaquil - Quito</ruta><docAduaneroUnico>DAU-55-2025</docAduaneroUnico>',
    );
    expect(ocaOrder).not.toBe(xml);
    expect(validateWithSchema(ocaOrder, XSD).status).not.toBe(0);
  });

  it("signed with the project's signer, verifies with xmlsec1", () => {
    const signed = sign(xml);
    const r = xmlsecVerify(signed, 'guiaRemision', CERT_PEM);
    expect(r.stderr).toMatch(/^OK$/m);
    expect(r.status).toBe(0);
    expect(xmlsecVerify(signed.replace('<cantidad>8<', '<cantidad>9<'), 'guiaRemision').status).not.toBe(0);
  });
});

describe('06 guía de remisión: the SRI simulator over SOAP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  function build(today: string, edit: (xml: string) => string = (x) => x) {
    const content = compute(
      body((b) => {
        twoRecipients(b);
        b.issueDate = today;
        b.transportStartDate = today;
        b.transportEndDate = today;
        b.recipients[0]!.supportingDocument!.issueDate = today;
      }),
      today,
    );
    const header = headerFor('06', today);
    return { header, signed: sign(edit(t.buildXml(header, content))) };
  }

  it('receives and authorizes a signed guía dated today by its access key', async () => {
    const { header, signed } = build(ecuadorDate(h.clock.now()));
    expect(await h.client.validate('sandbox', signed)).toEqual({ status: 'RECIBIDA', messages: [] });
    const entry = (await h.client.authorize('sandbox', header.accessKey)).authorizations[0]!;
    expect(entry).toMatchObject({
      status: 'AUTORIZADO',
      authorizationNumber: header.accessKey,
      document: signed,
    });
  });

  it('reads the issue date from the key: a key dated 100 days back is refused (65)', async () => {
    const old = ecuadorDate(new Date(h.clock.now().getTime() - 100 * 86_400_000));
    const content = compute(
      body((b) => {
        b.issueDate = old;
        b.transportStartDate = old;
        b.transportEndDate = old;
        b.recipients[0]!.supportingDocument!.issueDate = old;
      }),
      old,
    );
    const signed = sign(t.buildXml(headerFor('06', old), content));
    expect((await h.client.validate('sandbox', signed)).messages.map((m) => m.identifier)).toEqual(['65']);
  });

  it('applies the simulator directives to a guía too', async () => {
    const forced = build(ecuadorDate(h.clock.now()), (xml) =>
      xml.replace(
        '</guiaRemision>',
        '<infoAdicional><campoAdicional nombre="simulador">DEVUELTA:43</campoAdicional></infoAdicional></guiaRemision>',
      ),
    );
    expect((await h.client.validate('sandbox', forced.signed)).status).toBe('DEVUELTA');
  });
});

describe('06 guía de remisión: RIDE', () => {
  const content = compute(body(twoRecipients));
  const header = headerFor('06', content.issueDate);
  const view = t.ride(header, content).view!;
  const authorization = { number: header.accessKey, date: '2025-10-21T10:15:00-05:00' };

  it('shows the carrier, plate, route and each recipient with its goods, and the barcode', async () => {
    const pdf = await renderRide({ view, status: 'AUTHORIZED', authorization, language: 'es' });
    const [page] = await pdfPages(pdf);
    expect(hasLine(page!, 'GUÍA DE REMISIÓN')).toBe(true);
    expect(hasLine(page!, 'Razón Social / Nombres y Apellidos (Transportista): Transportes S.A.')).toBe(true);
    expect(hasLine(page!, 'Identificación (Transportista): 1796875790001')).toBe(true);
    expect(hasLine(page!, 'Placa: MCL0827')).toBe(true);
    expect(hasLine(page!, 'Punto de Partida: Av. Eloy Alfaro 34 y Av. Libertad')).toBe(true);
    expect(hasLine(page!, 'Fecha Inicio Transporte: 21/10/2025')).toBe(true);
    expect(hasLine(page!, 'Fecha Fin Transporte: 22/10/2025')).toBe(true);
    expect(hasLine(page!, 'Destinatario: Tonato Henry')).toBe(true);
    expect(hasLine(page!, 'Comprobante de Venta: FACTURA')).toBe(true);
    expect(hasLine(page!, 'Número: 002-001-000000001')).toBe(true);
    expect(hasLine(page!, 'Ruta: Guayaquil - Cayambe')).toBe(true);
    expect(hasLine(page!, '10 CAMIONETA 4X4 DIESEL 3.7 (Marca: Chevrolet) 121BJC-01 1234D56719-A')).toBe(
      true,
    );
    expect(hasLine(page!, 'Destinatario: Bodega Norte')).toBe(true);
    expect(hasLine(page!, 'Documento Aduanero: DAU-55-2025')).toBe(true);
    expect(hasLine(page!, 'Ruta: Guayaquil - Quito')).toBe(true);
    expect(hasLine(page!, '8 Llantas 265/70 R16')).toBe(true);
    expect(hasLine(page!, '12.5 Aceite 5W30 galón ACE-5W30')).toBe(true);
    expect(page).not.toContain('VALOR TOTAL');
    expect(await decodeBarcodes(pdf)).toEqual([header.accessKey]);
  });

  it('in English, and over several pages when the goods are many', async () => {
    const many = compute(
      body((b) => {
        b.recipients[0]!.items = Array.from({ length: 90 }, (_, i) => ({
          description: `Item ${i + 1}`,
          quantity: String(i + 1),
        }));
      }),
    );
    const pages = await pdfPages(
      await renderRide({
        view: t.ride(header, many).view!,
        status: 'AUTHORIZED',
        authorization,
        language: 'en',
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('WAYBILL');
    expect(hasLine(pages[0]!, 'License plate: MCL0827')).toBe(true);
    for (const [i, p] of pages.entries()) expect(hasLine(p, `Page ${i + 1} of ${pages.length}`)).toBe(true);
    expect(hasLine(pages.at(-1)!, '90 Item 90')).toBe(true);
    expect(hasLine(pages.at(-1)!, 'Qty. Description Main code Aux. code')).toBe(true);
  });
});
