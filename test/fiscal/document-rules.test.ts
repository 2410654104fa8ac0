import { describe, expect, it } from 'vitest';
import { computeDocumentContent } from '../../src/modules/documents/types/common/sales-compute.js';
import { buyer, checkRules, creditNote, invoice, item, type Rule, TODAY, tax } from './rule-bodies.js';

const HEADER: Rule[] = [
  // The document type is the route's discriminator (test/documents/validation.test.ts).
  // Buyer
  {
    rule: 'idType in 04..08',
    bad: invoice({ buyer: buyer({ idType: '03' }) }),
    path: 'buyer.idType',
    message: /04 \(RUC\)/,
  },
  {
    rule: 'RUC 13 digits ending 001',
    bad: invoice({ buyer: buyer({ idType: '04', id: '1790016919002' }) }),
    path: 'buyer.id',
    message: /RUC/,
  },
  {
    rule: 'cédula 10 digits',
    bad: invoice({ buyer: buyer({ id: '171234567' }) }),
    path: 'buyer.id',
    message: /cédula/,
  },
  {
    rule: 'final consumer id',
    bad: invoice({ buyer: buyer({ idType: '07', id: '9999999999' }) }),
    path: 'buyer.id',
    message: /9999999999999/,
  },
  {
    rule: 'email syntax',
    bad: invoice({ buyer: buyer({ email: 'ana@example' }) }),
    path: 'buyer.email',
    message: /valid email/,
  },
  {
    rule: 'final consumer ≤ USD 50.00',
    bad: invoice({
      buyer: buyer({ idType: '07', id: '9999999999999' }),
      items: [item({ unitPrice: '43.49', taxes: [tax({ taxableBase: '43.49', taxAmount: '6.52' })] })],
      payments: [{ method: '01', total: '50.01' }],
    }),
    path: 'buyer.idType',
    message: /USD 50\.00 \(total 50\.01\)/,
    good: invoice({
      buyer: buyer({ idType: '07', id: '9999999999999' }),
      items: [item({ unitPrice: '43.48', taxes: [tax({ taxableBase: '43.48', taxAmount: '6.52' })] })],
      payments: [{ method: '01', total: '50.00' }],
    }),
  },
];

const DATES: Rule[] = [
  // Dates
  {
    rule: 'issueDate a real date',
    bad: invoice({ issueDate: '29/02/2026' }),
    path: 'issueDate',
    message: /real date/,
  },
  {
    // From 2026 every other day is refused (the simulator answers 65 to it): the day after …
    rule: 'issueDate not in the future',
    bad: invoice({ issueDate: '16/03/2026' }),
    path: 'issueDate',
    message: /must be today \(15\/03\/2026\)/,
  },
  {
    // … and any day before, even inside the old 90-day tolerance.
    rule: 'issueDate not in the past',
    bad: invoice({ issueDate: '14/03/2026' }),
    path: 'issueDate',
    message: /must be today \(15\/03\/2026\)/,
    good: invoice({ issueDate: '15/03/2026' }),
  },
  {
    rule: 'credit note dated today',
    bad: creditNote({ issueDate: '14/03/2026' }),
    path: 'issueDate',
    message: /today \(15\/03\/2026\)/,
    good: creditNote({ issueDate: TODAY }),
  },
  {
    rule: 'original document not after the credit note',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '16/03/2026' },
    }),
    path: 'originalDocument.issueDate',
    message: /after/,
  },
  {
    rule: 'original document date real',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '31/04/2025' },
    }),
    path: 'originalDocument.issueDate',
    message: /real date/,
  },
  {
    rule: 'original document date in the schema range',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '01/01/1999' },
    }),
    path: 'originalDocument.issueDate',
    message: /2000/,
  },
  {
    rule: 'original document number',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-1', issueDate: '01/03/2026' },
    }),
    path: 'originalDocument.number',
    message: /NNN-NNN-NNNNNNNNN/,
  },
  {
    rule: 'original document type',
    bad: creditNote({
      originalDocument: { documentType: '07', number: '001-001-000000001', issueDate: '01/03/2026' },
    }),
    path: 'originalDocument.documentType',
    message: /01 \(invoice\)/,
  },
];

const PAYMENTS: Rule[] = [
  // Payments
  {
    rule: 'payments required',
    bad: invoice({ payments: [] }),
    path: 'payments',
    message: /at least one payment/,
  },
  {
    rule: 'payments add up to the total',
    bad: invoice({ payments: [{ method: '01', total: '11.49' }] }),
    path: 'payments',
    message: /11\.49 but the invoice total is 11\.50/,
  },
  {
    rule: 'payment method in tabla 24',
    bad: invoice({ payments: [{ method: '02', total: '11.50' }] }),
    path: 'payments[0].method',
    message: /tabla 24/,
  },
  {
    rule: 'payment total is money',
    bad: invoice({ payments: [{ method: '01', total: '11.5.0' }] }),
    path: 'payments[0].total',
    message: /decimal string/,
  },
  {
    rule: 'term needs its unit',
    bad: invoice({ payments: [{ method: '01', total: '11.50', term: '30' }] }),
    path: 'payments[0].termUnit',
    message: /together/,
  },
  {
    rule: 'unit needs its term',
    bad: invoice({ payments: [{ method: '01', total: '11.50', termUnit: 'dias' }] }),
    path: 'payments[0].term',
    message: /together/,
  },
  {
    rule: 'term unit dias or meses',
    bad: invoice({ payments: [{ method: '01', total: '11.50', term: '1', termUnit: 'años' }] }),
    path: 'payments[0].termUnit',
    message: /dias, meses/,
  },
  {
    rule: 'term ≥ 0 decimal',
    bad: invoice({ payments: [{ method: '01', total: '11.50', term: '-1', termUnit: 'meses' }] }),
    path: 'payments[0].term',
    message: /non-negative/,
  },
];

describe('rule bodies', () => {
  it('are valid before each row breaks them', () => {
    expect(computeDocumentContent(invoice(), { today: TODAY }).totals.total).toBe('11.50');
    expect(computeDocumentContent(creditNote(), { today: TODAY }).totals.total).toBe('11.50');
  });
});

checkRules('document rules: type, buyer and final consumer', HEADER);
checkRules('date rules', DATES);
checkRules('payment rules', PAYMENTS);
