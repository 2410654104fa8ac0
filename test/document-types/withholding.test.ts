import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRide } from '../../src/adapters/ride/ride.js';
import { withholdingType } from '../../src/modules/documents/types/withholding/index.js';
import type { WithholdingBodyT } from '../../src/modules/documents/types/withholding/schema.js';
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

const XSD = `${XSD_DIR}ComprobanteRetencion_V2.0.0.xsd`;
const t = withholdingType;
const EXAMPLE = (t.bodySchema as unknown as { examples: WithholdingBodyT[] }).examples[0]!;
const EXAMPLE_DAY = '24/05/2025';
const body = (edit: (b: WithholdingBodyT) => void = () => {}): WithholdingBodyT => {
  const b = structuredClone(EXAMPLE);
  edit(b);
  return b;
};
const doc0 = (b: WithholdingBodyT) => b.supportingDocuments[0]!;
const compute = (b: WithholdingBodyT, today = EXAMPLE_DAY) => t.compute(b, contextFor(today));
const D0 = 'supportingDocuments[0]';

describe('07 retención: compute', () => {
  it('the schema example is valid against its own schema', () => {
    expect(Value.Check(t.bodySchema, EXAMPLE)).toBe(true);
  });

  it('computes the example: amounts, fiscal period, the total withheld and the summary', () => {
    const content = compute(body());
    expect(content.issueDate).toBe(EXAMPLE_DAY);
    expect(content.fiscalPeriod).toBe('05/2025');
    expect(content.supportingDocuments[0]!.withholdings.map((w) => w.amount)).toEqual(['1.94', '2.27']);
    expect(content.totalWithheld).toBe('4.21');
    expect(t.summary(content)).toEqual({
      counterpartIdType: '04',
      counterpartId: '1791774582001',
      counterpartName: 'SUPERMERCADO DE COMPUTADORAS COMPUBUSSINES CIA. LTDA',
      emails: ['proveedor@example.com'],
      total: '4.21',
      original: null,
    });
  });

  it('defaults the issue date to today and the fiscal period to its month', () => {
    const content = compute(
      body((b) => {
        delete b.issueDate;
        delete b.fiscalPeriod;
      }),
      '28/05/2025',
    );
    expect(content.issueDate).toBe('28/05/2025');
    expect(content.fiscalPeriod).toBe('05/2025');
  });

  it('rounds the withheld amount half-up at 2 decimals (160.69 × 1.75 % = 2.812… → 2.81; 35.87 × 10 % → 3.59)', () => {
    const b = body((x) => {
      const d = doc0(x);
      d.totalWithoutTaxes = '160.69';
      d.taxes = [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '160.69', taxAmount: '24.10' }];
      d.total = '184.79';
      d.payments = [{ method: '01', total: '184.79' }];
      d.withholdings = [
        { code: '2', withholdingCode: '9', taxableBase: '24.10', rate: '10.00', amount: '2.41' },
        { code: '1', withholdingCode: '312', taxableBase: '160.69', rate: '1.75', amount: '2.81' },
      ];
    });
    expect(compute(b).totalWithheld).toBe('5.22');
    b.supportingDocuments[0]!.withholdings[1]!.amount = '2.82';
    expectRefusal(() => compute(b), `${D0}.withholdings[1].amount`, /expected 2\.81/);
  });

  it('accepts a split of the VAT between two IVA rates (30 % on 10.00 and 70 % on 9.44 of 19.44) and a partial renta base', () => {
    const content = compute(
      body((b) => {
        doc0(b).withholdings = [
          { code: '2', withholdingCode: '1', taxableBase: '10.00', rate: '30.00', amount: '3.00' },
          { code: '2', withholdingCode: '2', taxableBase: '9.44', rate: '70.00', amount: '6.61' },
          { code: '1', withholdingCode: '312', taxableBase: '100.00', rate: '1.75', amount: '1.75' },
        ];
      }),
    );
    expect(content.supportingDocuments[0]!.withholdings.map((w) => w.taxableBase)).toEqual([
      '10.00',
      '9.44',
      '100.00',
    ]);
    expect(content.totalWithheld).toBe('11.36');
  });

  it("accepts a supporting document's historical rate on its own issue date (IVA 12 % on 15/03/2024)", () => {
    const content = compute(
      body((b) => {
        const d = doc0(b);
        d.issueDate = '15/03/2024';
        d.accountingDate = null;
        d.taxes = [{ code: '2', rateCode: '2', rate: '12.00', taxableBase: '129.57', taxAmount: '15.55' }];
        d.total = '145.12';
        d.payments = [{ method: '01', total: '145.12' }];
        d.withholdings[0]!.taxableBase = '15.55';
        d.withholdings[0]!.amount = '1.56';
      }),
    );
    expect(content.supportingDocuments[0]!.taxes[0]!.rate).toBe('12.00');
  });

  describe('refuses, naming the field', () => {
    const cases: [string, (b: WithholdingBodyT) => void, string, RegExp][] = [
      [
        'a withheld amount that is not base × rate',
        (b) => {
          doc0(b).withholdings[0]!.amount = '1.95';
        },
        `${D0}.withholdings[0].amount`,
        /expected 1\.94/,
      ],
      [
        'an IVA withholding base above the VAT amount',
        (b) => {
          const w = doc0(b).withholdings[0]!;
          w.taxableBase = '129.57';
          w.amount = '12.96';
        },
        `${D0}.withholdings[0].taxableBase`,
        /more than the document's VAT \(129\.57 > 19\.44\)/,
      ],
      [
        'two IVA withholdings on the whole VAT (10 % and 100 % of 19.44: 110 % withheld)',
        (b) => {
          doc0(b).withholdings.push({
            code: '2',
            withholdingCode: '3',
            taxableBase: '19.44',
            rate: '100.00',
            amount: '19.44',
          });
        },
        `${D0}.withholdings[2].taxableBase`,
        /more than the document's VAT \(38\.88 > 19\.44\)/,
      ],
      [
        'a renta withholding base above the taxable base',
        (b) => {
          const w = doc0(b).withholdings[1]!;
          w.taxableBase = '129.58';
          w.amount = '2.27';
        },
        `${D0}.withholdings[1].taxableBase`,
        /more than the document's taxable base \(129\.58 > 129\.57\)/,
      ],
      [
        "a supporting document's tax at a rate that had ended on its issue date (IVA 12 % in 2025)",
        (b) => {
          const d = doc0(b);
          d.taxes = [{ code: '2', rateCode: '2', rate: '12.00', taxableBase: '129.57', taxAmount: '15.55' }];
          d.total = '145.12';
          d.payments = [{ method: '01', total: '145.12' }];
          d.withholdings[0]!.taxableBase = '15.55';
          d.withholdings[0]!.amount = '1.56';
        },
        `${D0}.taxes[0].rateCode`,
        /not in force on the supporting document's issue date 2025-05-24/,
      ],
      [
        'a rate other than the catalog',
        (b) => {
          const w = doc0(b).withholdings[1]!;
          w.rate = '2.00';
          w.amount = '2.59';
        },
        `${D0}.withholdings[1].rate`,
        /must be 1\.75/,
      ],
      [
        'an unknown withholding code',
        (b) => {
          doc0(b).withholdings[1]!.withholdingCode = '999';
        },
        `${D0}.withholdings[1].withholdingCode`,
        /unknown code 999/,
      ],
      [
        'a withholding tax other than 1, 2, 6',
        (b) => {
          doc0(b).withholdings[1]!.code = '4';
        },
        `${D0}.withholdings[1].code`,
        /1 \(renta\)/,
      ],
      [
        'a supporting total that is not base + taxes',
        (b) => {
          doc0(b).total = '149.00';
          doc0(b).payments[0]!.total = '149.00';
        },
        `${D0}.total`,
        /expected 149\.01/,
      ],
      [
        'payments that do not add up to the supporting total',
        (b) => {
          doc0(b).payments[0]!.total = '100.00';
        },
        `${D0}.payments`,
        /add up to 100\.00/,
      ],
      [
        'a supporting tax value that is not base × rate',
        (b) => {
          doc0(b).taxes[0]!.taxAmount = '19.40';
        },
        `${D0}.taxes[0].taxAmount`,
        /expected 19\.44/,
      ],
      [
        'a supporting tax at a rate unlike the catalog',
        (b) => {
          doc0(b).taxes[0]!.rate = '12.00';
        },
        `${D0}.taxes[0].rate`,
        /must be 15\.00/,
      ],
      [
        'totalWithoutTaxes unlike the IVA bases',
        (b) => {
          doc0(b).totalWithoutTaxes = '130.00';
          doc0(b).withholdings[1]!.taxableBase = '130.00';
          doc0(b).withholdings[1]!.amount = '2.28';
          doc0(b).total = '149.44';
          doc0(b).payments[0]!.total = '149.44';
        },
        `${D0}.totalWithoutTaxes`,
        /IVA bases \(129\.57\)/,
      ],
      [
        'a fiscal period other than the issue month',
        (b) => {
          b.fiscalPeriod = '04/2025';
        },
        'fiscalPeriod',
        /05\/2025/,
      ],
      [
        'a foreign subject without subjectType',
        (b) => {
          b.subject.idType = '08';
          b.subject.id = 'X-123';
        },
        'subject.subjectType',
        /required/,
      ],
      [
        'a subjectType other than 01/02',
        (b) => {
          b.subject.subjectType = '03';
        },
        'subject.subjectType',
        /01/,
      ],
      [
        'a RUC that is not 13 digits ending 001',
        (b) => {
          b.subject.id = '1791774582';
        },
        'subject.id',
        /RUC/,
      ],
      [
        'a final consumer as the subject',
        (b) => {
          b.subject.idType = '07';
          b.subject.id = '9999999999999';
        },
        'subject.idType',
        /must be one of/,
      ],
      [
        'a supporting document issued after the retención',
        (b) => {
          doc0(b).issueDate = '25/05/2025';
          doc0(b).accountingDate = null;
        },
        `${D0}.issueDate`,
        /after/,
      ],
      [
        'an accounting date before the supporting document',
        (b) => {
          doc0(b).accountingDate = '23/05/2025';
        },
        `${D0}.accountingDate`,
        /before/,
      ],
      [
        'an issue date in the future',
        (b) => {
          b.issueDate = '25/05/2025';
        },
        'issueDate',
        /future/,
      ],
      [
        'a payment abroad without its details',
        (b) => {
          doc0(b).paymentResidence = '02';
        },
        `${D0}.foreignPayment`,
        /required/,
      ],
      [
        'foreign details on a resident payment',
        (b) => {
          doc0(b).foreignPayment = {
            regimeType: '01',
            countryCode: '593',
            doubleTaxTreaty: true,
            preferentialRegime: false,
          };
        },
        `${D0}.foreignPayment`,
        /only applies/,
      ],
      [
        'a reimbursement (41), not supported',
        (b) => {
          doc0(b).documentType = '41';
        },
        `${D0}.documentType`,
        /not supported/,
      ],
      [
        'an unknown sustento code',
        (b) => {
          doc0(b).supportCode = '99';
        },
        `${D0}.supportCode`,
        /codSustento/,
      ],
      [
        'a payment method outside tabla 24',
        (b) => {
          doc0(b).payments[0]!.method = '99';
        },
        `${D0}.payments[0].method`,
        /tabla 24/,
      ],
    ];
    it.each(cases)('%s', (_name, edit, path, message) => {
      expectRefusal(() => compute(body(edit)), path, message);
    });

    it('a code used after its validity ends (3440 ended 2026-02-28)', () => {
      const b = body((x) => {
        x.issueDate = '15/03/2026';
        x.fiscalPeriod = '03/2026';
        const d = doc0(x);
        d.issueDate = '15/03/2026';
        d.accountingDate = null;
        d.withholdings[1] = {
          code: '1',
          withholdingCode: '3440',
          taxableBase: '129.57',
          rate: '2.75',
          amount: '3.56',
        };
      });
      expectRefusal(
        () => compute(b, '15/03/2026'),
        `${D0}.withholdings[1].withholdingCode`,
        /not in force on 2026-03-15 \(valid until 2026-02-28\)/,
      );
    });

    it('a code used before its validity starts (312C from 2026-03-01), and its rate the day it starts', () => {
      const b = body((x) => {
        doc0(x).withholdings[1] = {
          code: '1',
          withholdingCode: '312C',
          taxableBase: '129.57',
          rate: '1.75',
          amount: '2.27',
        };
      });
      expectRefusal(() => compute(b), `${D0}.withholdings[1].withholdingCode`, /valid from 2026-03-01/);
    });

    it('the rate in force on the issue date: 312 is 1.75 % until 2026-02-28 and 2 % from 2026-03-01', () => {
      const on = (day: string, rate: string, amount: string) =>
        body((x) => {
          x.issueDate = day;
          x.fiscalPeriod = day.slice(3);
          doc0(x).issueDate = day;
          doc0(x).accountingDate = null;
          Object.assign(doc0(x).withholdings[1]!, { rate, amount });
        });
      expect(compute(on('28/02/2026', '1.75', '2.27'), '28/02/2026').totalWithheld).toBe('4.21');
      expect(compute(on('01/03/2026', '2.00', '2.59'), '01/03/2026').totalWithheld).toBe('4.53');
      expectRefusal(
        () => compute(on('01/03/2026', '1.75', '2.27'), '01/03/2026'),
        `${D0}.withholdings[1].rate`,
        /must be 2\.00/,
      );
    });

    it('every error at once', () => {
      const errors = fieldErrors(() =>
        compute(
          body((b) => {
            b.fiscalPeriod = '01/2025';
            doc0(b).withholdings[0]!.amount = '9.99';
            doc0(b).payments[0]!.total = '1.00';
          }),
        ),
      );
      expect(errors.map((e) => e.path)).toEqual([
        'fiscalPeriod',
        `${D0}.withholdings[0].amount`,
        `${D0}.payments`,
      ]);
    });

    it('an issuer contribuyenteEspecial the 2.0.0 schema cannot hold (3-5 characters)', () => {
      const issuer: IssuerSnapshot = { ...contextFor(EXAMPLE_DAY).issuer, specialTaxpayer: '1234567' };
      expectRefusal(
        () => t.compute(body(), { ...contextFor(EXAMPLE_DAY), issuer }),
        'issuer.specialTaxpayer',
      );
    });
  });
});

describe('07 retención: XML, signature', () => {
  const content = compute(body());
  const header = headerFor('07', content.issueDate);
  const xml = t.buildXml(header, content);

  it('is valid against ComprobanteRetencion_V2.0.0.xsd (xmllint)', () => {
    const r = validateWithSchema(xml, XSD);
    expect(r.stderr).toContain('validates');
    expect(r.status).toBe(0);
  });

  it('a payment abroad with its foreign block is valid too, in the schema order', () => {
    const foreign = compute(
      body((b) => {
        b.subject = { ...b.subject, idType: '08', id: 'US-554433', subjectType: '02' };
        doc0(b).paymentResidence = '02';
        doc0(b).foreignPayment = {
          regimeType: '01',
          countryCode: '109',
          doubleTaxTreaty: false,
          subjectToWithholding: true,
          preferentialRegime: false,
        };
      }),
    );
    const out = t.buildXml(header, foreign);
    expect(out).toContain('<tipoSujetoRetenido>02</tipoSujetoRetenido>');
    expect(out).toContain(
      '<pagoLocExt>02</pagoLocExt><tipoRegi>01</tipoRegi><paisEfecPago>109</paisEfecPago><aplicConvDobTrib>NO</aplicConvDobTrib><pagExtSujRetNorLeg>SI</pagExtSujRetNorLeg><pagoRegFis>NO</pagoRegFis>',
    );
    expect(validateWithSchema(out, XSD).status).toBe(0);
  });

  it('a schema-invalid change is caught by the same check (the check can fail)', () => {
    expect(validateWithSchema(xml.replace('<parteRel>NO</parteRel>', ''), XSD).status).not.toBe(0);
  });

  it("signed with the project's signer, verifies with xmlsec1 (3 of 3 references)", () => {
    const signed = sign(xml);
    const r = xmlsecVerify(signed, 'comprobanteRetencion', CERT_PEM);
    expect(r.stderr).toMatch(/^OK$/m);
    expect(r.status).toBe(0);
    expect(
      xmlsecVerify(signed.replace('<valorRetenido>1.94<', '<valorRetenido>1.95<'), 'comprobanteRetencion')
        .status,
    ).not.toBe(0);
  });
});

describe('07 retención: the real authorized samples as test vectors', () => {
  const vectors: {
    file: string;
    issuer: IssuerSnapshot;
    sequential: string;
    body: WithholdingBodyT;
  }[] = [
    {
      file: 'retencion_v2.0.0_real_2405202507179319451500120010030000107462796218513.TaxoWS.xml',
      issuer: {
        ruc: '1793194515001',
        businessName: 'PJ-EC S.A.S.',
        tradeName: 'Pj-Ec S.A.S.',
        mainAddress: 'Francisco de Orellana N550 y Juan Montalvo',
        branchAddress: 'Francisco de Orellana N550 y Juan Montalvo',
        branchCode: '001',
        issuePointCode: '003',
        requiredAccounting: true,
        specialTaxpayer: '006',
        retentionAgentResolution: null,
        rimpeRegime: null,
      },
      sequential: '000010746',
      body: body((b) => {
        delete b.additionalInfo;
      }),
    },
    {
      file: 'retencion_v2.0.0_real_2308202407099253457500120010010000363781154101214.TaxoWS.xml',
      issuer: {
        ruc: '0992534575001',
        businessName: 'OPERFEL SA',
        tradeName: null,
        mainAddress: 'Via Daule Km 14.5',
        branchAddress: 'COOP LOS MANGUITOS, Calle 28 DE AGOSTO, VIA A DAULE Kim 14.5',
        branchCode: '001',
        issuePointCode: '001',
        requiredAccounting: true,
        specialTaxpayer: null,
        retentionAgentResolution: null,
        rimpeRegime: null,
      },
      sequential: '000036378',
      body: (() => {
        const invoice = {
          supportCode: '01',
          documentType: '01',
          number: '001-011-000041074',
          issueDate: '23/08/2024',
          accountingDate: '23/08/2024',
          authorizationNumber: '2308202401179128644800120010110000410741234567617',
          paymentResidence: '01',
          totalWithoutTaxes: '3292.00',
          total: '3785.80',
          taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '3292.00', taxAmount: '493.80' }],
          payments: [{ method: '20', total: '3785.80' }],
        };
        return {
          documentType: '07',
          issueDate: '23/08/2024',
          fiscalPeriod: '08/2024',
          subject: {
            idType: '04',
            id: '1791286448001',
            name: 'CORPORACION DE REPRESENTACIONES Y SERVICIOS TECNICOS COREPTEC S.A.',
            email: 'milton.Pullupaxi@coreptec.com',
            relatedParty: false,
          },
          // The issuer wrote the same invoice twice, once per withholding (REFERENCE-TYPES.md §2).
          supportingDocuments: [
            {
              ...invoice,
              withholdings: [
                { code: '1', withholdingCode: '312', taxableBase: '3292', rate: '1.75', amount: '57.61' },
              ],
            },
            {
              ...invoice,
              withholdings: [
                { code: '2', withholdingCode: '9', taxableBase: '493.8', rate: '10', amount: '49.38' },
              ],
            },
          ],
          additionalInfo: [
            { name: 'Email', value: 'milton.Pullupaxi@coreptec.com' },
            { name: 'Direccion', value: 'QUITO, CUMBAYA' },
            { name: 'Telefono', value: '023550032' },
            { name: 'Agente de Retención', value: '1' },
          ],
        } satisfies WithholdingBodyT;
      })(),
    },
  ];

  it.each(vectors)('$file: same document field by field, key differing only in its random part', (v) => {
    const real = sample(v.file);
    const content = t.compute(v.body, contextFor(v.body.issueDate!, v.issuer, 'production'));
    const header = headerFor('07', content.issueDate, {
      issuer: v.issuer,
      environment: 'production',
      sequential: v.sequential,
      numericCode: '87654321',
    });
    const ours = t.buildXml(header, content);
    const realKey = /<claveAcceso>(\d{49})</.exec(real)![1]!;
    const key = (l: string) => l.includes('/claveAcceso[1] = ');
    expect(leaves(ours).filter((l) => !key(l))).toEqual(
      leaves(withoutSignature(real)).filter((l) => !key(l)),
    );
    // date, type, RUC, environment, series and sequential: the first 39 digits
    expect(header.accessKey.slice(0, 39)).toBe(realKey.slice(0, 39));
    expect(header.accessKey).not.toBe(realKey);
    expect(validateWithSchema(ours, XSD).status).toBe(0);
  });

  it.each(vectors)('$file: the real signature verifies with xmlsec1 (the file is byte-faithful)', (v) => {
    expect(xmlsecVerify(sample(v.file), 'comprobanteRetencion').status).toBe(0);
  });
});

describe('07 retención: the SRI simulator over SOAP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  /** Dated today by the harness clock, with codes whose rates no resolution has changed. */
  const todayBody = (today: string): WithholdingBodyT =>
    body((b) => {
      b.issueDate = today;
      b.fiscalPeriod = today.slice(3);
      Object.assign(doc0(b), { issueDate: today, accountingDate: today });
      doc0(b).withholdings[1] = {
        code: '1',
        withholdingCode: '343',
        taxableBase: '129.57',
        rate: '1.00',
        amount: '1.30',
      };
    });

  async function submit(edit: (xml: string) => string = (x) => x) {
    const today = ecuadorDate(h.clock.now());
    const content = compute(todayBody(today), today);
    const header = headerFor('07', today);
    const signed = sign(edit(t.buildXml(header, content)));
    return { header, content, reception: await h.client.validate('sandbox', signed), signed };
  }

  it('receives, checks and authorizes a signed retención', async () => {
    const { header, reception, signed } = await submit();
    expect(reception).toEqual({ status: 'RECIBIDA', messages: [] });
    const auth = await h.client.authorize('sandbox', header.accessKey);
    expect(auth.authorizations[0]).toMatchObject({
      status: 'AUTORIZADO',
      authorizationNumber: header.accessKey,
      document: signed,
    });
  });

  it('refuses a withheld value that does not add up (52) and honours the simulator directives', async () => {
    const bad = await submit((xml) => xml.replace('<valorRetenido>1.30<', '<valorRetenido>1.40<'));
    expect(bad.reception.status).toBe('RECIBIDA');
    const entry = (await h.client.authorize('sandbox', bad.header.accessKey)).authorizations[0]!;
    expect(entry.status).toBe('NO AUTORIZADO');
    expect(entry.messages.map((m) => m.identifier)).toEqual(['52']);

    const forced = await submit((xml) =>
      xml.replace(
        '</infoAdicional>',
        '<campoAdicional nombre="simulador">DEVUELTA:43</campoAdicional></infoAdicional>',
      ),
    );
    expect(forced.reception.status).toBe('DEVUELTA');
  });

  it('refuses a broken signature (39) and a key of another type (58)', async () => {
    const today = ecuadorDate(h.clock.now());
    const content = compute(todayBody(today), today);
    const signed = sign(t.buildXml(headerFor('07', today), content)).replace(
      '<valorRetenido>1.94<',
      '<valorRetenido>1.95<',
    );
    expect((await h.client.validate('sandbox', signed)).messages.map((m) => m.identifier)).toEqual(['39']);
    const wrongKey = headerFor('01', today);
    const keyed = sign(t.buildXml({ ...wrongKey, documentType: '07' }, content));
    expect((await h.client.validate('sandbox', keyed)).messages.map((m) => m.identifier)).toEqual(['58']);
  });
});

describe('07 retención: RIDE', () => {
  const content = compute(body());
  const header = headerFor('07', content.issueDate);
  const view = t.ride(header, content).view!;
  const authorization = { number: header.accessKey, date: '2025-05-24T10:15:00-05:00' };

  it('shows the subject, the table with the supporting document, the total withheld and the barcode', async () => {
    const pdf = await renderRide({ view, status: 'AUTHORIZED', authorization, language: 'es' });
    const [page] = await pdfPages(pdf);
    expect(hasLine(page!, 'COMPROBANTE DE RETENCIÓN')).toBe(true);
    expect(hasLine(page!, `No. 002-015-${header.sequential}`)).toBe(true);
    expect(page).toContain('SUPERMERCADO DE COMPUTADORAS COMPUBUSSINES CIA. LTDA');
    expect(hasLine(page!, 'Ejercicio Fiscal: 05/2025')).toBe(true);
    expect(hasLine(page!, 'FACTURA 089-001-000003681 24/05/2025 05/2025 19.44 IVA 9 10.00% 1.94')).toBe(true);
    expect(hasLine(page!, 'FACTURA 089-001-000003681 24/05/2025 05/2025 129.57 RENTA 312 1.75% 2.27')).toBe(
      true,
    );
    expect(hasLine(page!, 'VALOR TOTAL RETENIDO 4.21')).toBe(true);
    expect(page).not.toContain('BORRADOR');
    expect(await decodeBarcodes(pdf)).toEqual([header.accessKey]);
  });

  it('in English, and as a draft until authorized', async () => {
    const pdf = await renderRide({ view, status: 'SIGNED', authorization: null, language: 'en' });
    const [page] = await pdfPages(pdf);
    expect(page).toContain('WITHHOLDING RECEIPT');
    expect(hasLine(page!, 'TOTAL WITHHELD 4.21')).toBe(true);
    expect(
      hasLine(page!, 'INVOICE 089-001-000003681 24/05/2025 05/2025 129.57 INCOME TAX 312 1.75% 2.27'),
    ).toBe(true);
    expect(page).toContain('PENDING');
  });
});
