import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRide } from '../../src/adapters/ride/ride.js';
import { debitNoteType } from '../../src/modules/documents/types/debit-note/index.js';
import type { DebitNoteBodyT } from '../../src/modules/documents/types/debit-note/schema.js';
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

const XSD = `${XSD_DIR}NotaDebito_V1.0.0.xsd`;
const t = debitNoteType;
const EXAMPLE = (t.bodySchema as unknown as { examples: DebitNoteBodyT[] }).examples[0]!;
const EXAMPLE_DAY = '24/09/2024';
const body = (edit: (b: DebitNoteBodyT) => void = () => {}): DebitNoteBodyT => {
  const b = structuredClone(EXAMPLE);
  edit(b);
  return b;
};
const compute = (b: DebitNoteBodyT, today = EXAMPLE_DAY) => t.compute(b, contextFor(today));

/** Two reasons at IVA 15 %: 100.00 + 15.65 = 115.65, IVA 17.3475 → 17.35, total 133.00. */
const taxed = (b: DebitNoteBodyT) => {
  b.reasons = [
    { reason: 'INTERÉS POR MORA', amount: '100.00' },
    { reason: 'GASTOS DE COBRANZA', amount: '15.65' },
  ];
  b.taxes = [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '115.65', taxAmount: '17.35' }];
  b.payments = [{ method: '20', total: '133.00' }];
};

describe('05 nota de débito: compute', () => {
  it('the schema example is valid against its own schema', () => {
    expect(Value.Check(t.bodySchema, EXAMPLE)).toBe(true);
  });

  it('computes the example and its summary', () => {
    const content = compute(body());
    expect(content).toMatchObject({ totalWithoutTaxes: '0.27', total: '0.27' });
    expect(t.summary(content)).toEqual({
      counterpartIdType: '04',
      counterpartId: '1793143709001',
      counterpartName: 'PB ODONTOLOGIA PBODONTOSAS S.A.S.',
      emails: ['b@example.com'],
      total: '0.27',
      original: { documentType: '01', number: '001-012-000283946' },
    });
  });

  it('sums the reasons, levies IVA half-up on them, and takes payments as optional', () => {
    const content = compute(body(taxed));
    expect(content.taxes[0]!.amount).toBe('17.35');
    expect(content.total).toBe('133.00');
    expect(
      compute(
        body((b) => {
          taxed(b);
          delete b.payments;
        }),
      ).payments,
    ).toEqual([]);
  });

  describe('refuses, naming the field', () => {
    const cases: [string, (b: DebitNoteBodyT) => void, string, RegExp][] = [
      [
        'reasons that do not add up to the tax bases',
        (b) => {
          b.reasons[0]!.amount = '0.30';
        },
        'taxes',
        /add up to 0\.27 but the reasons to 0\.30/,
      ],
      [
        'a tax value that is not base × rate',
        (b) => {
          taxed(b);
          b.taxes[0]!.taxAmount = '17.34';
        },
        'taxes[0].taxAmount',
        /expected 17\.35/,
      ],
      [
        'a rate unlike the catalog',
        (b) => {
          taxed(b);
          b.taxes[0]!.rate = '12.00';
        },
        'taxes[0].rate',
        /must be 15\.00/,
      ],
      [
        'a historical rate',
        (b) => {
          b.taxes[0]!.rateCode = '2';
          b.taxes[0]!.rate = '12.00';
        },
        'taxes[0].rateCode',
        /historical/,
      ],
      [
        'a tax other than IVA',
        (b) => {
          b.taxes[0]!.code = '3';
        },
        'taxes[0].code',
        /IVA/,
      ],
      [
        'the same IVA rate twice',
        (b) => {
          b.taxes.push({ ...b.taxes[0]!, taxableBase: '0.00' });
        },
        'taxes[1].rateCode',
        /more than once/,
      ],
      [
        'payments that do not add up to the total',
        (b) => {
          b.payments![0]!.total = '0.30';
        },
        'payments',
        /add up to 0\.30/,
      ],
      [
        'a term without its unit',
        (b) => {
          delete b.payments![0]!.termUnit;
        },
        'payments[0].termUnit',
        /together/,
      ],
      [
        'an original document other than an invoice',
        (b) => {
          b.originalDocument.documentType = '04';
        },
        'originalDocument.documentType',
        /01/,
      ],
      [
        'an original document after the debit note',
        (b) => {
          b.originalDocument.issueDate = '25/09/2024';
        },
        'originalDocument.issueDate',
        /after/,
      ],
      [
        'an original date that does not exist',
        (b) => {
          b.originalDocument.issueDate = '31/02/2024';
        },
        'originalDocument.issueDate',
        /real date/,
      ],
      [
        'a blank reason',
        (b) => {
          b.reasons[0]!.reason = '   ';
        },
        'reasons[0].reason',
        /blank/,
      ],
      [
        'a reason amount with 3 decimals',
        (b) => {
          b.reasons[0]!.amount = '0.270';
        },
        'reasons[0].amount',
        /2 decimals/,
      ],
      [
        'an issue date more than 90 days back',
        (b) => {
          b.issueDate = '01/06/2024';
          b.originalDocument.issueDate = '01/05/2024';
        },
        'issueDate',
        /90 days/,
      ],
      [
        'a buyer email that is not one',
        (b) => {
          b.buyer.email = 'nobody';
        },
        'buyer.email',
        /email/,
      ],
    ];
    it.each(cases)('%s', (_name, edit, path, message) => {
      expectRefusal(() => compute(body(edit)), path, message);
    });

    it('every error at once', () => {
      const errors = fieldErrors(() =>
        compute(
          body((b) => {
            b.buyer.id = '123';
            b.reasons[0]!.amount = '1.00';
          }),
        ),
      );
      expect(errors.map((e) => e.path)).toEqual(['buyer.id', 'taxes']);
    });
  });
});

describe('05 nota de débito: XML, signature', () => {
  const content = compute(body(taxed));
  const header = headerFor('05', content.issueDate);
  const xml = t.buildXml(header, content);

  it('is valid against NotaDebito_V1.0.0.xsd (xmllint)', () => {
    const r = validateWithSchema(xml, XSD);
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
    expect(validateWithSchema(xml.replace(/<motivos>.*<\/motivos>/, ''), XSD).status).not.toBe(0);
  });

  it("signed with the project's signer, verifies with xmlsec1", () => {
    const signed = sign(xml);
    const r = xmlsecVerify(signed, 'notaDebito', CERT_PEM);
    expect(r.stderr).toMatch(/^OK$/m);
    expect(r.status).toBe(0);
    expect(xmlsecVerify(signed.replace('<valor>15.65<', '<valor>15.66<'), 'notaDebito').status).not.toBe(0);
  });
});

describe('05 nota de débito: the real authorized sample as a test vector', () => {
  const file = 'notaDebito_v1.0.0_real_2409202405176815841000120010110001272220000000115.TaxoWS.xml';
  const businessName = 'Empresa Pública Metropolitana de Gestión Integral de Residuos Sólidos EMGIRS - EP';
  const issuer: IssuerSnapshot = {
    ruc: '1768158410001',
    businessName,
    tradeName: businessName,
    mainAddress: 'El Telégrafo E7-58 y El Porvenir Edificio: PERSEUS',
    branchAddress: 'El Telégrafo E7-58 y El Porvenir Edificio: PERSEUS',
    branchCode: '001',
    issuePointCode: '011',
    requiredAccounting: true,
    specialTaxpayer: '162',
    retentionAgentResolution: null,
    rimpeRegime: null,
  };
  const vector = body((b) => {
    b.additionalInfo = [
      {
        name: 'Dirección',
        value: 'PICHINCHA / QUITO / CUMBAYA / AV. INTEROCEANICA AC S2 1T2 URB.LA PRIMAVERA  ESCALA MALL',
      },
      { name: 'Teléfono', value: '026040406' },
      { name: 'Email', value: 'scala@dentalikaec.com' },
      { name: 'Observación', value: 'VALOR FACTURA: $25.70' },
    ];
  });

  it('builds the same document field by field; the key differs only in its random part', () => {
    const real = sample(file);
    const content = t.compute(vector, contextFor(EXAMPLE_DAY, issuer, 'production'));
    const header = headerFor('05', EXAMPLE_DAY, {
      issuer,
      environment: 'production',
      sequential: '000127222',
      numericCode: '87654321',
    });
    const ours = t.buildXml(header, content);
    // claveAcceso differs by design; unidadTiempo is our catalog's code ("dias") where the issuer wrote "Días".
    const skip = (l: string) => l.includes('/claveAcceso[1] = ') || l.includes('/unidadTiempo[1] = ');
    expect(leaves(ours).filter((l) => !skip(l))).toEqual(
      leaves(withoutSignature(real)).filter((l) => !skip(l)),
    );
    expect(leaves(ours)).toContain('notaDebito/infoNotaDebito[1]/pagos[1]/pago[1]/unidadTiempo[1] = dias');
    const realKey = /<claveAcceso>(\d{49})</.exec(real)![1]!;
    expect(header.accessKey.slice(0, 39)).toBe(realKey.slice(0, 39));
    expect(header.accessKey).not.toBe(realKey);
    expect(xmlsecVerify(real, 'notaDebito').status).toBe(0);
  });
});

describe('05 nota de débito: the SRI simulator over SOAP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  function build(edit: (xml: string) => string = (x) => x) {
    const today = ecuadorDate(h.clock.now());
    const content = compute(
      body((b) => {
        taxed(b);
        b.issueDate = today;
        b.originalDocument.issueDate = today;
      }),
      today,
    );
    const header = headerFor('05', today);
    return { header, signed: sign(edit(t.buildXml(header, content))) };
  }

  it('receives and authorizes a signed debit note', async () => {
    const { header, signed } = build();
    expect(await h.client.validate('sandbox', signed)).toEqual({ status: 'RECIBIDA', messages: [] });
    const entry = (await h.client.authorize('sandbox', header.accessKey)).authorizations[0]!;
    expect(entry).toMatchObject({
      status: 'AUTORIZADO',
      authorizationNumber: header.accessKey,
      document: signed,
    });
  });

  it('refuses reasons that do not add up (52), a forged signature (39) and forced faults', async () => {
    const bad = build((xml) => xml.replace('<valor>15.65<', '<valor>15.75<'));
    expect((await h.client.validate('sandbox', bad.signed)).status).toBe('RECIBIDA');
    const entry = (await h.client.authorize('sandbox', bad.header.accessKey)).authorizations[0]!;
    expect(entry.status).toBe('NO AUTORIZADO');
    expect(entry.messages.map((m) => m.identifier)).toEqual(['52']);
    const forged = build().signed.replace('<valor>15.65<', '<valor>15.75<');
    expect((await h.client.validate('sandbox', forged)).messages.map((m) => m.identifier)).toEqual(['39']);
    const forced = build((xml) =>
      xml.replace(
        '</infoAdicional>',
        '<campoAdicional nombre="simulador">NO_AUTORIZADO:56</campoAdicional></infoAdicional>',
      ),
    );
    expect((await h.client.validate('sandbox', forced.signed)).status).toBe('RECIBIDA');
    expect((await h.client.authorize('sandbox', forced.header.accessKey)).authorizations[0]!.status).toBe(
      'NO AUTORIZADO',
    );
  });
});

describe('05 nota de débito: RIDE', () => {
  const content = compute(body(taxed));
  const header = headerFor('05', content.issueDate);
  const view = t.ride(header, content).view!;
  const authorization = { number: header.accessKey, date: '2024-09-24T10:15:00-05:00' };

  it('shows the buyer, the modified invoice, the reasons, the totals and the barcode', async () => {
    const pdf = await renderRide({ view, status: 'AUTHORIZED', authorization, language: 'es' });
    const [page] = await pdfPages(pdf);
    expect(hasLine(page!, 'NOTA DE DÉBITO')).toBe(true);
    expect(page).toContain('PB ODONTOLOGIA PBODONTOSAS S.A.S.');
    expect(hasLine(page!, 'Comprobante que se modifica: FACTURA')).toBe(true);
    expect(hasLine(page!, 'Número: 001-012-000283946')).toBe(true);
    expect(hasLine(page!, 'Fecha Emisión (Comprobante a modificar): 20/08/2024')).toBe(true);
    expect(hasLine(page!, 'Razón de la modificación Valor')).toBe(true);
    expect(hasLine(page!, 'INTERÉS POR MORA 100.00')).toBe(true);
    expect(hasLine(page!, 'GASTOS DE COBRANZA 15.65')).toBe(true);
    expect(hasLine(page!, 'SUBTOTAL 15% 115.65')).toBe(true);
    expect(hasLine(page!, 'IVA 15% 17.35')).toBe(true);
    expect(hasLine(page!, 'VALOR TOTAL 133.00')).toBe(true);
    // The XML's pagos, as on the invoice's RIDE.
    expect(hasLine(page!, 'Forma de pago Valor Plazo Unidad de tiempo')).toBe(true);
    expect(page).toMatch(/20 - OTROS CON UTILIZACIÓN[^\n]*133\.00/);
    expect(await decodeBarcodes(pdf)).toEqual([header.accessKey]);
  });

  it('in English', async () => {
    const [page] = await pdfPages(
      await renderRide({ view, status: 'AUTHORIZED', authorization, language: 'en' }),
    );
    expect(page).toContain('DEBIT NOTE');
    expect(hasLine(page!, 'Reason for the modification Amount')).toBe(true);
    expect(hasLine(page!, 'TOTAL 133.00')).toBe(true);
    expect(hasLine(page!, 'Payment method Amount Term Time unit')).toBe(true);
  });
});
