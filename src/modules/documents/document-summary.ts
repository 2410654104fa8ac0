/**
 * A document's summary: the columns a page of the list, a create's answer and an Idempotency-Key
 * replay read (the XML and the request body stay in the database), and how they are shown.
 */
import { ecuadorTimestamp, isoToDdMmYyyy } from '../../shared/clock.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import { documentLinks } from './document-links.js';
import { type DocumentRow, documents } from './documents.tables.js';

/** The columns a summary reads. */
export const SUMMARY_COLUMNS = {
  accessKey: documents.accessKey,
  documentType: documents.documentType,
  sequential: documents.sequential,
  status: documents.status,
  issueDate: documents.issueDate,
  total: documents.total,
  authorizationNumber: documents.authorizationNumber,
  authorizationDate: documents.authorizationDate,
  emailStatus: documents.emailStatus,
  emailSentAt: documents.emailSentAt,
  buyerIdType: documents.buyerIdType,
  buyerId: documents.buyerId,
  buyerName: documents.buyerName,
};

/** What a summary is made of. */
export type SummaryRow = Pick<DocumentRow, keyof typeof SUMMARY_COLUMNS>;

export function toSummary(row: SummaryRow) {
  return {
    accessKey: row.accessKey,
    documentType: row.documentType,
    sequential: sequentialDigits(row.sequential),
    status: row.status,
    issueDate: isoToDdMmYyyy(row.issueDate),
    total: formatMoney(row.total),
    ...(row.authorizationNumber ? { authorizationNumber: row.authorizationNumber } : {}),
    ...(row.authorizationDate ? { authorizationDate: ecuadorTimestamp(row.authorizationDate) } : {}),
    email: { status: row.emailStatus, sentAt: row.emailSentAt?.toISOString() ?? null },
    ...documentLinks(row.accessKey),
    number: numberOf(row.accessKey, row.sequential),
    buyer: { idType: row.buyerIdType, id: row.buyerId, name: row.buyerName },
  };
}

/** estab-ptoEmi-secuencial: the establishment and issue point are digits 25-30 of the access key. */
function numberOf(accessKey: string, sequential: number): string {
  return `${accessKey.slice(24, 27)}-${accessKey.slice(27, 30)}-${sequentialDigits(sequential)}`;
}

/** NUMERIC(14,2) comes back as text with its scale; keep exactly two decimals. */
function formatMoney(value: string): string {
  const [int, frac = ''] = value.split('.');
  return `${int}.${(frac + '00').slice(0, 2)}`;
}
