import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import { debitNoteType } from '../../src/modules/documents/types/debit-note/index.js';
import type { DebitNoteBodyT } from '../../src/modules/documents/types/debit-note/schema.js';
import { purchaseSettlementType } from '../../src/modules/documents/types/purchase-settlement/index.js';
import type { PurchaseSettlementBodyT } from '../../src/modules/documents/types/purchase-settlement/schema.js';
import { waybillType } from '../../src/modules/documents/types/waybill/index.js';
import type { WaybillBodyT } from '../../src/modules/documents/types/waybill/schema.js';
import { withholdingType } from '../../src/modules/documents/types/withholding/index.js';
import type { WithholdingBodyT } from '../../src/modules/documents/types/withholding/schema.js';

/** The example's 49-digit key with another date (same parts otherwise): a key must carry its document's date. */
export function keyDated(key: string, day: string): string {
  return buildAccessKey({
    issueDate: day,
    documentType: key.slice(8, 10),
    ruc: key.slice(10, 23),
    environment: key[23] === '2' ? 'production' : 'sandbox',
    branchCode: key.slice(24, 27),
    issuePointCode: key.slice(27, 30),
    sequential: key.slice(30, 39),
    numericCode: key.slice(39, 47),
    emissionType: '1',
  });
}

/**
 * Bodies of POST /v1/documents for the types beyond 01 and 04: each type's own OpenAPI example
 * (the body schema's `examples[0]`, built from a real authorized sample), dated `today`.
 */
const example = <T>(schema: unknown): T => structuredClone((schema as { examples: T[] }).examples[0]!);

function purchaseSettlementBody(today: string, additionalInfo?: { name: string; value: string }[]) {
  const b = example<PurchaseSettlementBodyT>(purchaseSettlementType.bodySchema);
  b.issueDate = today;
  if (additionalInfo) b.additionalInfo = additionalInfo;
  return b;
}

function debitNoteBody(today: string, additionalInfo?: { name: string; value: string }[]) {
  const b = example<DebitNoteBodyT>(debitNoteType.bodySchema);
  b.issueDate = today;
  b.originalDocument.issueDate = today;
  if (additionalInfo) b.additionalInfo = additionalInfo;
  return b;
}

/** With renta code 343 (1 %), a rate no resolution has changed, so the body is valid on any date. */
export function withholdingBody(today: string, additionalInfo?: { name: string; value: string }[]) {
  const b = example<WithholdingBodyT>(withholdingType.bodySchema);
  b.issueDate = today;
  b.fiscalPeriod = today.slice(3);
  const d = b.supportingDocuments[0]!;
  Object.assign(d, {
    issueDate: today,
    accountingDate: today,
    authorizationNumber: keyDated(d.authorizationNumber!, today),
  });
  d.withholdings[1] = {
    code: '1',
    withholdingCode: '343',
    taxableBase: '129.57',
    rate: '1.00',
    amount: '1.30',
  };
  if (additionalInfo) b.additionalInfo = additionalInfo;
  return b;
}

/** Two recipients (two emails), goods moved today. */
function waybillBody(today: string, additionalInfo?: { name: string; value: string }[]) {
  const b = example<WaybillBodyT>(waybillType.bodySchema);
  b.issueDate = today;
  b.transportStartDate = today;
  b.transportEndDate = today;
  const first = b.recipients[0]!;
  first.supportingDocument!.issueDate = today;
  first.supportingDocument!.authorizationNumber = keyDated(
    first.supportingDocument!.authorizationNumber,
    today,
  );
  b.recipients.push({ ...structuredClone(first), name: 'Ferretería La Llave', email: 'r2@example.com' });
  if (additionalInfo) b.additionalInfo = additionalInfo;
  return b;
}

export interface TypeCase {
  code: '03' | '05' | '06' | '07';
  /** File name prefix of the RIDE and XML attachments. */
  file: string;
  /** The RIDE's title (Spanish). */
  title: RegExp;
  body: (today: string, additionalInfo?: { name: string; value: string }[]) => Record<string, unknown>;
  /** Who get the email (the emails of summary()), in one message. */
  recipients: string[];
  /** The list's total for the body. */
  total: string;
}

export const TYPE_CASES: TypeCase[] = [
  {
    code: '03',
    file: 'LIQUIDACION-COMPRA',
    title: /LIQUIDACI[ÓO]N DE COMPRA/i,
    body: purchaseSettlementBody,
    recipients: ['s@example.com'],
    total: '5032.00',
  },
  {
    code: '05',
    file: 'NOTA-DEBITO',
    title: /NOTA DE D[ÉE]BITO/i,
    body: debitNoteBody,
    recipients: ['b@example.com'],
    total: '0.27',
  },
  {
    code: '07',
    file: 'COMPROBANTE-RETENCION',
    title: /RETENCI[ÓO]N/i,
    body: withholdingBody,
    recipients: ['proveedor@example.com'],
    total: '3.24',
  },
  {
    code: '06',
    file: 'GUIA-REMISION',
    title: /GU[ÍI]A DE REMISI[ÓO]N/i,
    body: waybillBody,
    recipients: ['r@example.com', 'r2@example.com'],
    total: '0.00',
  },
];
