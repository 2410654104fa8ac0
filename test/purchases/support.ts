import { expect } from 'vitest';
import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import type { TestContext } from '../helpers/context.js';
import { TYPE_CASES } from '../helpers/document-types.js';
import { createDocument, creditNoteBody, invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

export const ALL_TYPES = ['01', '03', '04', '05', '06', '07'];

/** A tenant that issues every type (the supplier side of the tests). */
export function supplierTenant(ctx: TestContext) {
  return registerTenant(ctx, { documentTypes: ALL_TYPES });
}

const caseOf = (code: string) => TYPE_CASES.find((c) => c.code === code)!;

/** A body of `type` addressed to `ruc` (for 03: `ruc` is the provider, the receiver of the settlement). */
function bodyAddressedTo(type: string, ruc: string, today: string, invoice?: { number: string }) {
  if (type === '01') {
    return invoiceBody({ buyer: { idType: '04', id: ruc, name: 'Comprador SA', email: 'c@example.com' } });
  }
  if (type === '04') {
    return creditNoteBody(
      { number: invoice?.number ?? '001-001-000000001', issueDate: today },
      { buyer: { idType: '04', id: ruc, name: 'Comprador SA', email: 'c@example.com' } },
    );
  }
  type Party = Record<string, unknown>;
  const b = caseOf(type).body(today) as {
    supplier: Party;
    buyer: Party;
    recipients: Party[];
    subject: Party;
  };
  if (type === '03') Object.assign(b.supplier, { idType: '04', id: ruc });
  if (type === '05') Object.assign(b.buyer, { idType: '04', id: ruc });
  if (type === '06') Object.assign(b.recipients[0]!, { id: ruc });
  if (type === '07') {
    Object.assign(b.subject, { idType: '04', id: ruc });
    // The supporting invoice is the subject's: its key carries the subject's RUC (links.ts checks it).
    const support = (b as unknown as { supportingDocuments: { authorizationNumber: string }[] })
      .supportingDocuments[0]!;
    const k = support.authorizationNumber;
    support.authorizationNumber = buildAccessKey({
      issueDate: `${k.slice(0, 2)}/${k.slice(2, 4)}/${k.slice(4, 8)}`,
      documentType: k.slice(8, 10),
      ruc,
      environment: k[23] === '2' ? 'production' : 'sandbox',
      branchCode: k.slice(24, 27),
      issuePointCode: k.slice(27, 30),
      sequential: k.slice(30, 39),
      numericCode: k.slice(39, 47),
      emissionType: '1',
    });
  }
  return b;
}

/** Issues one document of `type` from `from` to `toRuc`; returns its access key. */
export async function issueTo(
  ctx: TestContext,
  from: RegisteredTenant,
  type: string,
  toRuc: string,
): Promise<string> {
  const today = ecuadorDate(ctx.clock.now());
  const res = await createDocument(ctx, from, bodyAddressedTo(type, toRuc, today));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document.accessKey as string;
}

export async function addKeys(ctx: TestContext, apiKey: string, accessKeys: string[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/purchases',
    headers: bearer(apiKey),
    payload: { accessKeys },
  });
}
