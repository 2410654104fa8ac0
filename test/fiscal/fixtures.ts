import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import { computeDocumentContent } from '../../src/modules/documents/types/common/sales-compute.js';
import type {
  CreditNoteInput,
  InvoiceInput,
  ItemInput,
  TaxInput,
} from '../../src/modules/documents/types/common/sales-input.js';
import { definitionOf } from '../../src/modules/documents/types/registry.js';
import type { DocumentModel, Environment, IssuerSnapshot } from '../../src/shared/document-model.js';

/** The unsigned XML of a stored invoice or credit note model, by its type's own builder. */
export const buildDocumentXml = (model: DocumentModel): string =>
  definitionOf(model.documentType).buildXml(model, model);

/**
 * A matrix of realistic invoices and credit notes, run through the real validation and totals
 * code, for the XML and signature tests.
 */
const TODAY = '15/03/2026';

const FULL_ISSUER: IssuerSnapshot = {
  ruc: '1790011674001',
  businessName: 'Comercializadora Ñandú & Hijos <Cía. Ltda.>',
  tradeName: 'El "Ñandú" de Peñalosa',
  mainAddress: 'Av. 10 de Agosto N36-125 y Naciones Unidas, Quito',
  branchAddress: 'Calle Sucre 3-45, Cuenca',
  branchCode: '002',
  issuePointCode: '015',
  requiredAccounting: true,
  specialTaxpayer: '5368',
  retentionAgentResolution: '1',
  rimpeRegime: 'CONTRIBUYENTE RÉGIMEN RIMPE',
};

const MINIMAL_ISSUER: IssuerSnapshot = {
  ruc: '0102581709001',
  businessName: 'PEREZ LOPEZ JUAN',
  tradeName: null,
  mainAddress: 'Racar',
  branchAddress: null,
  branchCode: '001',
  issuePointCode: '001',
  requiredAccounting: false,
  specialTaxpayer: null,
  retentionAgentResolution: null,
  rimpeRegime: null,
};

const tax = (
  code: string,
  rateCode: string,
  rate: string,
  taxableBase: string,
  taxAmount: string,
): TaxInput => ({
  code,
  rateCode,
  rate,
  taxableBase,
  taxAmount,
});
const iva15 = (base: string, amount: string) => tax('2', '4', '15', base, amount);
const simpleItem = (
  mainCode: string,
  unitPrice: string,
  taxes: TaxInput[],
  over: Partial<ItemInput> = {},
): ItemInput => ({
  mainCode,
  description: `Artículo ${mainCode}`,
  quantity: '1',
  unitPrice,
  taxes,
  ...over,
});

const buyerRuc = {
  idType: '04',
  id: '1790016919001',
  name: 'CORPORACION FAVORITA C.A.',
  email: 'compras@example.ec',
};

/** Every IVA rate in use, not-subject and exempt, ICE 3051 and IRBPNR 5001, discounts, tip, terms. */
const allRates: InvoiceInput = {
  documentType: '01',
  // From 2026 a document is dated the day it is sent (issue 29).
  issueDate: TODAY,
  buyer: { ...buyerRuc, address: 'Av. General Enríquez, Sangolquí', phone: '022 999 999' },
  items: [
    simpleItem('IVA0', '3.00', [tax('2', '0', '0', '3.00', '0.00')]),
    simpleItem('IVA5', '20.00', [tax('2', '5', '5', '19.00', '0.95')], { discount: '1.00' }),
    simpleItem('IVA13', '10.00', [tax('2', '10', '13', '10.00', '1.30')]),
    simpleItem('IVA15', '0.333333', [iva15('1.67', '0.25')], { quantity: '5.000' }),
    simpleItem('NOOBJ', '4.00', [tax('2', '6', '0', '4.00', '0.00')]),
    simpleItem('EXENTO', '5.00', [tax('2', '7', '0', '5.00', '0.00')]),
    simpleItem(
      'BOTELLA',
      '1.25',
      [
        tax('3', '3051', '0', '14.50', '0.00'),
        tax('5', '5001', '0.02', '14.50', '0.24'),
        iva15('14.50', '2.18'),
      ],
      { quantity: '12', discount: '0.50', auxiliaryCode: 'BOT-12' },
    ),
  ],
  payments: [
    { method: '20', total: '40.00', term: '30', termUnit: 'dias' },
    { method: '19', total: '25.09', term: '2', termUnit: 'meses' },
  ],
  tip: '3.00',
  additionalInfo: [{ name: 'Vendedor', value: 'María José Ñúñez' }],
};

const finalConsumer: InvoiceInput = {
  documentType: '01',
  buyer: { idType: '07', id: '9999999999999', name: 'CONSUMIDOR FINAL', email: 'cf@example.ec' },
  items: [simpleItem('CAFE', '2.50', [iva15('5.00', '0.75')], { quantity: '2' })],
  payments: [{ method: '01', total: '5.75' }],
};

const SPECIAL = `Ñandú, acción & "comillas" 'simples' <etiqueta> > fin`;
const specialCharacters: InvoiceInput = {
  documentType: '01',
  buyer: {
    idType: '06',
    id: 'AB-123456',
    name: `Señor ${SPECIAL}`,
    email: 'o.brien@example.ec',
    address: SPECIAL,
  },
  items: [
    simpleItem('A&B<1>', '9.99', [iva15('9.99', '1.50')], {
      description: `Descripción ${SPECIAL}`,
      auxiliaryCode: `"q" 'p'`,
      additionalDetails: [
        { name: 'Nota & "más"', value: `a<b>c 'd'` },
        { name: 'Tab\there', value: 'línea 1\nlínea 2\r\nlínea 3' },
        { name: 'ÁÉÍÓÚ áéíóú ü', value: '€ 😀 𝄞' },
      ],
    }),
  ],
  payments: [{ method: '01', total: '11.49' }],
  additionalInfo: [
    { name: `Dirección & "entrega"`, value: SPECIAL },
    { name: 'Multilínea', value: 'uno\ndos\r\ntres\tcuatro' },
    { name: '<raro>', value: '&amp; no es una entidad' },
  ],
};

const longText = (n: number) => 'Descripción larga ñ '.repeat(20).slice(0, n);
const manyItems: InvoiceInput = {
  documentType: '01',
  buyer: {
    idType: '05',
    id: '0102581709',
    name: longText(300),
    email: 'largo@example.ec',
    address: longText(300),
  },
  items: Array.from({ length: 120 }, (_, i) =>
    simpleItem(`SKU-${String(i).padStart(4, '0')}`, '1.10', [iva15('1.10', '0.17')], {
      description: longText(300),
    }),
  ),
  payments: [{ method: '16', total: '151.80' }],
  additionalInfo: Array.from({ length: 15 }, (_, i) => ({ name: `Campo ${i + 1}`, value: longText(300) })),
};

const creditNoteBasic: CreditNoteInput = {
  documentType: '04',
  buyer: { idType: '06', id: '9999999999', name: 'COMPRADOR', email: 'c@example.ec' },
  originalDocument: { documentType: '01', number: '001-001-000000012', issueDate: '19/12/2025' },
  motivo: 'ANULACION',
  items: [simpleItem('1', '100.00', [iva15('100.00', '15.00')], { description: 'ANULACION DE PRUEBA' })],
};

const creditNoteMixed: CreditNoteInput = {
  documentType: '04',
  issueDate: TODAY,
  buyer: { ...buyerRuc, name: `Devolución ${SPECIAL}`, address: 'no va al XML' },
  originalDocument: { documentType: '01', number: '002-015-000004711', issueDate: TODAY },
  motivo: `Devolución parcial: producto dañado & "fuera de fecha" <lote 7>`,
  items: [
    simpleItem(
      'BOTELLA',
      '1.25',
      [
        tax('5', '5001', '0.02', '2.50', '0.04'),
        tax('3', '3051', '0', '2.50', '0.00'),
        iva15('2.50', '0.38'),
      ],
      {
        quantity: '2',
        auxiliaryCode: 'BOT',
        additionalDetails: [{ name: 'Lote', value: 'L-7 & "8"' }],
      },
    ),
    simpleItem('IVA0', '3.333333', [tax('2', '0', '0', '9.99', '0.00')], {
      quantity: '3.000000',
      discount: '0.01',
    }),
    simpleItem('IVA5', '10', [tax('2', '5', '5', '10.00', '0.50')]),
  ],
  additionalInfo: [{ name: 'Motivo detallado', value: 'Cliente devolvió\ndos unidades' }],
};

export interface Case {
  name: string;
  model: DocumentModel;
}

function toModel(
  input: InvoiceInput | CreditNoteInput,
  issuer: IssuerSnapshot,
  environment: Environment,
  sequential: string,
): DocumentModel {
  const content = computeDocumentContent(input, { today: TODAY });
  const accessKey = buildAccessKey({
    issueDate: content.issueDate,
    documentType: input.documentType,
    ruc: issuer.ruc,
    environment,
    branchCode: issuer.branchCode,
    issuePointCode: issuer.issuePointCode,
    sequential,
    numericCode: '12345678',
    emissionType: '1',
  });
  return { ...content, documentType: input.documentType, environment, accessKey, sequential, issuer };
}

export const CASES: Case[] = [
  {
    name: 'invoice, every rate, ICE, IRBPNR, tip, terms',
    model: toModel(allRates, FULL_ISSUER, 'production', '000000101'),
  },
  {
    name: 'invoice to a final consumer, minimal issuer',
    model: toModel(finalConsumer, MINIMAL_ISSUER, 'sandbox', '000000001'),
  },
  {
    name: 'invoice with XML-special and non-ASCII text',
    model: toModel(specialCharacters, FULL_ISSUER, 'sandbox', '000000102'),
  },
  {
    name: 'invoice, 120 long items, 15 additional fields',
    model: toModel(manyItems, MINIMAL_ISSUER, 'production', '999999999'),
  },
  { name: 'credit note, basic', model: toModel(creditNoteBasic, MINIMAL_ISSUER, 'sandbox', '000000002') },
  {
    name: 'credit note, mixed taxes and special text',
    model: toModel(creditNoteMixed, FULL_ISSUER, 'production', '000000003'),
  },
];

export const rootName = (model: DocumentModel) => (model.documentType === '01' ? 'factura' : 'notaCredito');
export const schemaOf = (model: DocumentModel) =>
  model.documentType === '01'
    ? 'resources/sri/xsd/factura_V1.1.0.xsd'
    : 'resources/sri/xsd/NotaCredito_V1.1.0.xsd';
