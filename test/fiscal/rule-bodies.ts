import { describe, expect, it } from 'vitest';
import { computeDocumentContent } from '../../src/modules/documents/types/common/sales-compute.js';
import type {
  CreditNoteInput,
  InvoiceInput,
  ItemInput,
  TaxInput,
} from '../../src/modules/documents/types/common/sales-input.js';
import { AppError } from '../../src/shared/errors.js';

/**
 * Table-driven rule tests of computeDocumentContent: each row is a body that breaks only one rule,
 * the single field error it must produce and, where there is a limit, the body just inside it.
 */
export const TODAY = '15/03/2026';

export const tax = (over: Partial<TaxInput> = {}): TaxInput => ({
  code: '2',
  rateCode: '4',
  rate: '15.00',
  taxableBase: '10.00',
  taxAmount: '1.50',
  ...over,
});
export const item = (over: Partial<ItemInput> = {}): ItemInput => ({
  mainCode: 'A1',
  description: 'Producto',
  quantity: '1',
  unitPrice: '10.00',
  taxes: [tax()],
  ...over,
});
export const invoice = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  documentType: '01',
  buyer: { idType: '05', id: '1712345678', name: 'Ana Pérez', email: 'ana@example.com' },
  items: [item()],
  payments: [{ method: '01', total: '11.50' }],
  ...over,
});
export const creditNote = (over: Partial<CreditNoteInput> = {}): CreditNoteInput => ({
  documentType: '04',
  buyer: { idType: '05', id: '1712345678', name: 'Ana Pérez', email: 'ana@example.com' },
  originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '01/03/2026' },
  motivo: 'Devolución',
  items: [item()],
  ...over,
});
export const buyer = (over: Partial<InvoiceInput['buyer']>) => ({ ...invoice().buyer, ...over });
export const x = (n: number, ch = 'a') => ch.repeat(n);
export const infos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `n${i}`, value: 'v' }));

type Body = InvoiceInput | CreditNoteInput;
export interface Rule {
  rule: string;
  bad: Body;
  path: string;
  message: RegExp;
  /** The same field just inside the limit. */
  good?: Body;
}

export function checkRules(title: string, rules: Rule[]): void {
  describe(title, () => {
    for (const r of rules) {
      it(r.rule, () => {
        let caught: unknown;
        try {
          computeDocumentContent(r.bad, { today: TODAY });
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(AppError);
        const errors = (caught as AppError).errors!;
        expect(errors).toHaveLength(1);
        expect(errors[0]!.path).toBe(r.path);
        expect(errors[0]!.message).toMatch(r.message);
        if (r.good) expect(() => computeDocumentContent(r.good!, { today: TODAY })).not.toThrow();
      });
    }
  });
}
