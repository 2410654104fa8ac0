import { describe, expect, it } from 'vitest';
import { AppError, type FieldError } from '../../../../shared/errors.js';
import { computeDocumentContent } from './sales-compute.js';
import type { CreditNoteInput, InvoiceInput, ItemInput, TaxInput } from './sales-input.js';

const TODAY = '15/03/2026';

const iva15 = (taxableBase: string, taxAmount: string): TaxInput => ({
  code: '2',
  rateCode: '4',
  rate: '15.00',
  taxableBase,
  taxAmount,
});

/** 2 × 10.00 − 1.00 = 19.00; IVA 15% 2.85. */
function item(overrides: Partial<ItemInput> = {}): ItemInput {
  return {
    mainCode: 'P-001',
    description: 'Servicio de mantenimiento',
    quantity: '2',
    unitPrice: '10.00',
    discount: '1.00',
    taxes: [iva15('19.00', '2.85')],
    ...overrides,
  };
}

function invoice(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    documentType: '01',
    buyer: { idType: '05', id: '0102581709', name: 'Omar Vélez', email: 'omar@example.com' },
    items: [item()],
    payments: [{ method: '01', total: '21.85' }],
    ...overrides,
  };
}

function creditNote(overrides: Partial<CreditNoteInput> = {}): CreditNoteInput {
  return {
    documentType: '04',
    buyer: { idType: '04', id: '1790016919001', name: 'Corporación Favorita C.A.', email: 'nc@example.com' },
    originalDocument: { documentType: '01', number: '001-001-000000012', issueDate: '10/03/2026' },
    motivo: 'Devolución de mercadería',
    items: [item()],
    ...overrides,
  };
}

function errorsOf(input: InvoiceInput | CreditNoteInput, today = TODAY): FieldError[] {
  try {
    computeDocumentContent(input, { today });
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('VALIDATION_FAILED');
    return (e as AppError).errors ?? [];
  }
  throw new Error('expected VALIDATION_FAILED');
}

describe('computeDocumentContent: invoices', () => {
  it('computes a simple invoice, defaulting the issue date to today and the tip to 0.00', () => {
    const content = computeDocumentContent(invoice(), { today: TODAY });
    expect(content).toEqual({
      issueDate: TODAY,
      buyer: {
        idType: '05',
        id: '0102581709',
        name: 'Omar Vélez',
        email: 'omar@example.com',
        address: null,
        phone: null,
      },
      items: [
        {
          mainCode: 'P-001',
          auxiliaryCode: null,
          description: 'Servicio de mantenimiento',
          quantity: '2',
          unitPrice: '10.00',
          discount: '1.00',
          subtotal: '19.00',
          additionalDetails: [],
          taxes: [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '19.00', amount: '2.85' }],
        },
      ],
      totals: {
        totalWithoutTaxes: '19.00',
        totalDiscount: '1.00',
        taxTotals: [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '19.00', amount: '2.85' }],
        tip: '0.00',
        total: '21.85',
      },
      payments: [{ method: '01', total: '21.85', term: null, termUnit: null }],
      creditNote: null,
      additionalInfo: [],
    });
  });

  it('keeps the given decimals of quantity and price, drops leading zeros, pads money to 2 decimals', () => {
    const content = computeDocumentContent(
      invoice({
        items: [
          item({
            quantity: '001.500',
            unitPrice: '0010.123456',
            discount: '1',
            taxes: [iva15('14.19', '2.13')],
          }),
        ],
        payments: [{ method: '19', total: '16.32', term: '030', termUnit: 'dias' }],
        tip: '0',
      }),
      { today: TODAY },
    );
    const line = content.items[0]!;
    expect([line.quantity, line.unitPrice, line.discount, line.subtotal]).toEqual([
      '1.500',
      '10.123456',
      '1.00',
      '14.19',
    ]);
    expect(content.payments).toEqual([{ method: '19', total: '16.32', term: '30', termUnit: 'dias' }]);
    expect(content.totals.tip).toBe('0.00');
  });

  it('accepts the rate written without decimals ("15" is "15.00")', () => {
    const taxes = [{ ...iva15('19.00', '2.85'), rate: '15' }];
    expect(
      computeDocumentContent(invoice({ items: [item({ taxes })] }), { today: TODAY }).items[0]!.taxes[0]!
        .rate,
    ).toBe('15.00');
  });

  it('rounds half-up with decimals, never floats (3 × 0.335 = 1.005 → 1.01; 15% → 0.1515 → 0.15)', () => {
    const content = computeDocumentContent(
      invoice({
        items: [
          item({ quantity: '3', unitPrice: '0.335', discount: undefined, taxes: [iva15('1.01', '0.15')] }),
        ],
        payments: [{ method: '01', total: '1.16' }],
      }),
      { today: TODAY },
    );
    expect(content.totals.total).toBe('1.16');
  });

  it('groups every current rate, ICE and IRBPNR, ordered by code then rateCode, and adds the tip', () => {
    const tax = (code: string, rateCode: string, rate: string, taxableBase: string, taxAmount: string) => ({
      code,
      rateCode,
      rate,
      taxableBase,
      taxAmount,
    });
    const items = [
      item({
        mainCode: 'A',
        quantity: '1',
        unitPrice: '10.00',
        discount: '0',
        taxes: [tax('2', '10', '13', '10.00', '1.30')],
      }),
      item({
        mainCode: 'B',
        quantity: '1',
        unitPrice: '20.00',
        discount: '0',
        taxes: [tax('2', '5', '5.00', '20.00', '1.00')],
      }),
      item({
        mainCode: 'C',
        quantity: '1',
        unitPrice: '5.00',
        discount: '0',
        taxes: [tax('2', '7', '0', '5.00', '0.00')],
      }),
      item({
        mainCode: 'D',
        quantity: '1',
        unitPrice: '4.00',
        discount: '0',
        taxes: [tax('2', '6', '0', '4.00', '0.00')],
      }),
      item({
        mainCode: 'E',
        quantity: '1',
        unitPrice: '3.00',
        discount: '0',
        taxes: [tax('2', '0', '0', '3.00', '0.00')],
      }),
      item({
        mainCode: 'F',
        quantity: '3',
        unitPrice: '1.00',
        discount: '0',
        taxes: [
          tax('5', '5001', '0.02', '3.00', '0.06'),
          tax('3', '3051', '0', '3.00', '0.00'),
          iva15('3.00', '0.45'),
        ],
      }),
    ];
    const content = computeDocumentContent(
      invoice({
        items,
        tip: '2.00',
        payments: [
          { method: '01', total: '49.00' },
          { method: '20', total: '0.81' },
        ],
      }),
      { today: TODAY },
    );
    expect(content.totals.taxTotals.map((t) => [t.code, t.rateCode, t.taxableBase, t.amount])).toEqual([
      ['2', '0', '3.00', '0.00'],
      ['2', '4', '3.00', '0.45'],
      ['2', '5', '20.00', '1.00'],
      ['2', '6', '4.00', '0.00'],
      ['2', '7', '5.00', '0.00'],
      ['2', '10', '10.00', '1.30'],
      ['3', '3051', '3.00', '0.00'],
      ['5', '5001', '3.00', '0.06'],
    ]);
    // 45.00 + 1.30 + 1.00 + 0.45 + 0.06 + tip 2.00
    expect(content.totals.totalWithoutTaxes).toBe('45.00');
    expect(content.totals.total).toBe('49.81');
    expect(content.items[5]!.taxes.map((t) => t.code)).toEqual(['5', '3', '2']);
  });

  it('passes buyer address, phone, additional info (multi-line allowed) and additional details through', () => {
    const content = computeDocumentContent(
      invoice({
        buyer: {
          idType: '04',
          id: '1790016919001',
          name: 'ACME & Hijos <S.A.>',
          email: 'a@b.ec',
          address: 'Av. Amazonas N12-09 y Colón',
          phone: '+593 2 255 5555',
        },
        items: [item({ additionalDetails: [{ name: 'Lote', value: 'L-1' }], auxiliaryCode: 'AUX' })],
        additionalInfo: [{ name: 'Observación', value: 'línea 1\nlínea 2' }],
      }),
      { today: TODAY },
    );
    expect(content.buyer.address).toBe('Av. Amazonas N12-09 y Colón');
    expect(content.buyer.phone).toBe('+593 2 255 5555');
    expect(content.items[0]!.additionalDetails).toEqual([{ name: 'Lote', value: 'L-1' }]);
    expect(content.items[0]!.auxiliaryCode).toBe('AUX');
    expect(content.additionalInfo).toEqual([{ name: 'Observación', value: 'línea 1\nlínea 2' }]);
  });

  it('collects every error of a body at once', () => {
    const errors = errorsOf(
      invoice({
        buyer: { idType: '05', id: '123', name: '', email: 'nope' },
        items: [item({ quantity: '0' }), item({ taxes: [iva15('19.00', '2.84')] })],
        payments: [],
      }),
    );
    expect(errors.map((e) => e.path)).toEqual([
      'buyer.id',
      'buyer.name',
      'buyer.email',
      'items[0].quantity',
      'items[1].taxes[0].taxAmount',
      'payments',
    ]);
    expect(errors[4]!.message).toBe('expected 2.85, got 2.84');
  });
});

describe('computeDocumentContent: credit notes', () => {
  it('computes a credit note dated today, with its reference, no payments and no tip', () => {
    const content = computeDocumentContent(creditNote({ issueDate: TODAY }), { today: TODAY });
    expect(content.creditNote).toEqual({
      originalDocumentType: '01',
      originalNumber: '001-001-000000012',
      originalIssueDate: '10/03/2026',
      reason: 'Devolución de mercadería',
    });
    expect(content.payments).toEqual([]);
    expect(content.totals).toMatchObject({ tip: '0.00', total: '21.85' });
    expect(content.buyer.phone).toBeNull();
  });

  it('accepts an original document dated the same day', () => {
    const originalDocument = { documentType: '01', number: '002-010-000000001', issueDate: TODAY };
    expect(computeDocumentContent(creditNote({ originalDocument }), { today: TODAY }).issueDate).toBe(TODAY);
  });
});
