/**
 * The voiding rules in force in 2026 (Res. NAC-DGERCGC25-00000014, reformed by -00000017;
 * the project's shared reference shared/sri/REFERENCE-PURCHASES.md §5, copied into docs/lifecycle.md "Voiding"):
 * - a document issued from 01/08/2025 can be voided online until day 7 of the month after its
 *   issue, or the next business day when that day is a Saturday, a Sunday or a holiday;
 * - from 01/01/2026, an invoice to a final consumer (id type 07) can be neither voided nor
 *   corrected by a credit note (the rule is in force from that day: an invoice of December 2025
 *   voided in January 2026 is refused too).
 * Pure functions; the holidays come from the catalogs module's table.
 */

/** Documents issued from this day have the day-7 window (Res. 14 as reformed by Res. 17). */
const WINDOW_FROM = '2025-08-01';
/** From this day final-consumer invoices are neither voidable nor creditable. */
export const FINAL_CONSUMER_RULE_FROM = '2026-01-01';
export const FINAL_CONSUMER_ID_TYPE = '07';
/** Sales documents: after the window, a credit note corrects them (04 credits 01, 03 and 05). */
const CREDITABLE = new Set(['01', '03', '05']);

const RULE = 'Res. NAC-DGERCGC25-00000017';
export const FINAL_CONSUMER_RULE_TEXT = `since 01/01/2026 an invoice to a final consumer (id type 07) can be neither voided nor corrected by a credit note (${RULE})`;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const toDdMmYyyy = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/** Day 7 of the month after the issue date, and the last day a weekend-and-holiday shift could reach. */
export function windowSearchRange(issueIso: string): { fromIso: string; toIso: string } | null {
  if (issueIso < WINDOW_FROM) return null;
  const y = Number(issueIso.slice(0, 4));
  const m = Number(issueIso.slice(5, 7));
  const seventh = new Date(Date.UTC(y, m, 7));
  return { fromIso: iso(seventh), toIso: iso(new Date(seventh.getTime() + 31 * 86_400_000)) };
}

/** The last day (ISO) a document issued on `issueIso` can be voided online; null before 01/08/2025. */
export function voidDeadline(issueIso: string, holidays: ReadonlySet<string>): string | null {
  const range = windowSearchRange(issueIso);
  if (!range) return null;
  const day = new Date(`${range.fromIso}T00:00:00Z`);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || holidays.has(iso(day))) {
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return iso(day);
}

function isFinalConsumerInvoice(doc: { documentType: string; buyerIdType: string }, todayIso: string) {
  return (
    doc.documentType === '01' &&
    doc.buyerIdType === FINAL_CONSUMER_ID_TYPE &&
    todayIso >= FINAL_CONSUMER_RULE_FROM
  );
}

export type VoidBlock = 'NOT_AUTHORIZED' | 'FINAL_CONSUMER' | 'WINDOW_CLOSED';

/**
 * Whether the document can be voided today, and until when: the detail's `voidWindow`, and what
 * the void endpoint checks. `lastDay` is DD/MM/YYYY or null (no window: final consumer, or issued
 * before the day-7 rule).
 */
export function voidWindow(
  doc: { documentType: string; buyerIdType: string; issueIso: string; status: string },
  todayIso: string,
  holidays: ReadonlySet<string>,
): { lastDay: string | null; open: boolean; blockedBy: VoidBlock | null } {
  if (isFinalConsumerInvoice(doc, todayIso))
    return { lastDay: null, open: false, blockedBy: 'FINAL_CONSUMER' };
  const deadline = voidDeadline(doc.issueIso, holidays);
  const lastDay = deadline === null ? null : toDdMmYyyy(deadline);
  if (deadline !== null && todayIso > deadline) return { lastDay, open: false, blockedBy: 'WINDOW_CLOSED' };
  if (doc.status !== 'AUTHORIZED') return { lastDay, open: false, blockedBy: 'NOT_AUTHORIZED' };
  return { lastDay, open: true, blockedBy: null };
}

/** The void endpoint's words when the window closed: a credit note for sales documents. */
export function windowClosedText(documentType: string, lastDay: string): string {
  const next = CREDITABLE.has(documentType)
    ? 'correct it with a credit note (documentType 04) instead'
    : 'it stays valid';
  return `The voiding window closed on ${lastDay} (day 7 of the month after the issue, or the next business day; ${RULE}): the tax authority no longer voids this document online; ${next}`;
}
