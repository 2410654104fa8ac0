import type { AtsHeader, AtsPurchase, AtsSale, AtsVoided } from '../../src/modules/ats/index.js';

/**
 * The documents behind test/fixtures/ats/AT032026.xml (the shared reference's synthetic ATS of
 * March 2026), as the service holds them. The expected file was written by hand for the reference,
 * independently of the code under test.
 */
export const header: AtsHeader = {
  ruc: '1792000017001',
  legalName: 'Comercial Demo Andina S.A.'.toUpperCase(),
  period: { year: 2026, month: 3 },
  establishments: ['001', '002'],
  totalVentasReading: 'physical',
};

const supplierInvoiceKey = '0503202601099200005800120010020000045121234567816';

export const purchases: AtsPurchase[] = [
  {
    supportCode: '01',
    supplierIdType: '04',
    supplierId: '0992000058001',
    supplierName: 'Proveedor Demo S.A.',
    documentType: '01',
    relatedParty: false,
    bookedOn: '2026-03-06',
    establishment: '001',
    point: '002',
    sequential: '000004512',
    issueDate: '2026-03-05',
    authorization: supplierInvoiceKey,
    taxes: [{ taxCode: '2', rateCode: '4', base: '250.00', amount: '37.50' }],
    paymentForms: ['20'],
    retention: {
      establishment: '001',
      point: '001',
      sequential: '000000321',
      authorization: '0603202607179200001700120010010000003211234567811',
      issueDate: '2026-03-06',
      lines: [
        { taxCode: '2', code: '1', base: '37.50', rate: '30.00', amount: '11.25' },
        { taxCode: '1', code: '312', base: '250.00', rate: '2.00', amount: '5.00' },
      ],
    },
  },
  {
    supportCode: '01',
    supplierIdType: '04',
    supplierId: '0992000058001',
    supplierName: 'Proveedor Demo S.A.',
    documentType: '04',
    relatedParty: false,
    bookedOn: '2026-03-20',
    establishment: '001',
    point: '002',
    sequential: '000000078',
    issueDate: '2026-03-20',
    authorization: '2003202604099200005800120010020000000781234567819',
    taxes: [{ taxCode: '2', rateCode: '4', base: '20.00', amount: '3.00' }],
    paymentForms: [],
    modified: {
      documentType: '01',
      establishment: '001',
      point: '002',
      sequential: '000004512',
      authorization: supplierInvoiceKey,
    },
  },
];

const client = {
  buyerIdType: '04',
  buyerId: '1792000025001',
  buyerName: 'Cliente Demo S.A.',
  emission: 'E' as const,
  establishment: '001',
};
const finalConsumer = {
  buyerIdType: '07',
  buyerId: '9999999999999',
  buyerName: 'CONSUMIDOR FINAL',
  emission: 'E' as const,
  establishment: '001',
};
const vat = (base: string, amount: string) => ({ taxCode: '2', rateCode: '4', base, amount });

export const sales: AtsSale[] = [
  {
    ...client,
    documentType: '01',
    taxes: [{ taxCode: '2', rateCode: '0', base: '40.00', amount: '0.00' }, vat('100.00', '15.00')],
    paymentForms: ['20'],
    withheldVat: '7.20',
    withheldIncomeTax: '4.00',
  },
  { ...client, documentType: '01', taxes: [vat('60.00', '9.00')], paymentForms: ['20'] },
  { ...client, documentType: '04', taxes: [vat('10.00', '1.50')], paymentForms: [] },
  { ...finalConsumer, documentType: '01', taxes: [vat('15.00', '2.25')], paymentForms: ['01'] },
  { ...finalConsumer, documentType: '01', taxes: [vat('20.00', '3.00')], paymentForms: ['01'] },
  { ...finalConsumer, documentType: '01', taxes: [vat('10.00', '1.50')], paymentForms: ['01'] },
];

export const voided: AtsVoided[] = [
  {
    documentType: '01',
    establishment: '002',
    point: '001',
    sequential: 150,
    authorization: '1203202601179200001700120020010000001501234567815',
  },
];

/** Element text and structure only: comments, declaration and indentation dropped. */
export function canonical(xml: string): string {
  return xml
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
}
