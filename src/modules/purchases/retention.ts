import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { ecuadorIsoDate, isoToDdMmYyyy } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { D, fixed, sum } from '../../shared/money.js';
import { findTaxRate, WITHHOLDING_CODES } from '../catalogs/index.js';
import { documents } from '../documents/index.js';
import type { PurchaseRow } from './purchases.tables.js';

/**
 * The retentions (07) a tenant issued on a purchase, linked by the supporting document's type and
 * number and the supplier's RUC (the withheld subject), what remains to withhold, and the prefilled body
 * of the next one (docs/purchases.md, "Issue the retention").
 */

interface SupportLine {
  number: string;
  documentType: string;
  withholdings: { code: string; withholdingCode: string; taxableBase: string; amount: string }[];
}

/** Types a retention is issued on: invoices and debit notes from a supplier. */
const WITHHELD_TYPES = new Set(['01', '05']);

export async function issuedRetentions(exec: Executor, p: PurchaseRow) {
  const rows = await exec
    .select({
      accessKey: documents.accessKey,
      sequential: documents.sequential,
      status: documents.status,
      issueDate: documents.issueDate,
      model: documents.model,
    })
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, p.tenantId),
        eq(documents.environment, p.environment),
        eq(documents.documentType, '07'),
        eq(documents.buyerId, p.supplierRuc),
        notInArray(documents.status, ['RETURNED', 'NOT_AUTHORIZED']),
        sql`${documents.model}->'supportingDocuments' @> ${JSON.stringify([{ number: p.number, documentType: p.documentType }])}::jsonb`,
      ),
    )
    .orderBy(documents.createdAt);
  return rows.map((r) => {
    const model = r.model as unknown as {
      estab?: string;
      ptoEmi?: string;
      supportingDocuments: SupportLine[];
    };
    const lines = model.supportingDocuments
      .filter((s) => s.number === p.number && s.documentType === p.documentType)
      .flatMap((s) => s.withholdings)
      .map((w) => ({
        code: w.code,
        withholdingCode: w.withholdingCode,
        taxableBase: w.taxableBase,
        amount: w.amount,
      }));
    return {
      accessKey: r.accessKey,
      number: `${r.accessKey.slice(24, 27)}-${r.accessKey.slice(27, 30)}-${String(r.sequential).padStart(9, '0')}`,
      status: r.status,
      issueDate: isoToDdMmYyyy(r.issueDate),
      withholdings: lines,
      flagged: p.sriStatus === 'ANULADO',
    };
  });
}

type Issued = Awaited<ReturnType<typeof issuedRetentions>>;

/** Renta base (totalWithoutTaxes) and IVA base (the VAT amount) not yet withheld; never below 0. */
export function remainingOf(p: PurchaseRow, issued: Issued): { renta: string; iva: string } | null {
  if (!WITHHELD_TYPES.has(p.documentType)) return null;
  const live = issued.filter((r) => r.status !== 'VOIDED').flatMap((r) => r.withholdings);
  const withheld = (code: string) =>
    sum(live.filter((w) => w.code === code).map((w) => new D(w.taxableBase)));
  const left = (base: string | null, code: string) => {
    const v = new D(base ?? '0').minus(withheld(code));
    return fixed(v.isNegative() ? new D(0) : v);
  };
  return { renta: left(p.totalWithoutTaxes, '1'), iva: left(p.iva, '2') };
}

/** The 07 body the client completes (withholdings, subject email) and POSTs to /v1/documents. */
export function retentionDraft(p: PurchaseRow, issued: Issued, now: Date) {
  if (!WITHHELD_TYPES.has(p.documentType)) {
    throw new AppError(
      'BAD_REQUEST',
      `A retention is issued on an invoice (01) or a debit note (05) from a supplier; this purchase is a ${p.documentType}`,
    );
  }
  if (p.sriStatus === 'ANULADO') {
    throw new AppError(
      'BAD_REQUEST',
      'The purchase was voided in the SRI (ANULADO): no retention is issued on it',
    );
  }
  const today = ecuadorIsoDate(now);
  const total = p.total ?? fixed(new D(p.totalWithoutTaxes ?? '0').plus(p.iva ?? '0'));
  const body = {
    documentType: '07',
    issueDate: isoToDdMmYyyy(today),
    subject: {
      idType: '04',
      id: p.supplierRuc,
      name: p.supplierName,
      email: '',
      subjectType: null,
      relatedParty: false,
    },
    supportingDocuments: [
      {
        supportCode: '01',
        documentType: p.documentType,
        number: p.number,
        issueDate: isoToDdMmYyyy(p.issueDate),
        accountingDate: null,
        authorizationNumber: p.authorizationNumber,
        paymentResidence: '01',
        foreignPayment: null,
        totalWithoutTaxes: p.totalWithoutTaxes ?? '0.00',
        total,
        taxes: p.taxes.map((t) => ({
          code: t.code,
          rateCode: t.rateCode,
          rate: fixed(new D(t.rate ?? findTaxRate(t.code, t.rateCode)?.rate ?? '0')),
          taxableBase: t.taxableBase,
          taxAmount: t.amount,
        })),
        withholdings: [],
        payments: p.payments.length
          ? p.payments.map((x) => ({ method: x.method, total: x.total }))
          : [{ method: '20', total }],
      },
    ],
    additionalInfo: [],
  };
  const withholdingCodes = WITHHOLDING_CODES.filter(
    (c) => (c.validFrom === null || c.validFrom <= today) && (c.validTo === null || today <= c.validTo),
  ).map((c) => ({ code: c.taxCode, withholdingCode: c.code, description: c.description, rate: c.rate }));
  return { body, remaining: remainingOf(p, issued)!, withholdingCodes };
}
