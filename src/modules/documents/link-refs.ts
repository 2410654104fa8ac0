/**
 * The documents a body refers to (REFERENCE-TYPES.md §2, §4, §5): a credit or debit note's
 * original, a withholding's supporting documents, a waybill recipient's supporting document; and
 * the checks that need nothing but the body: a 49-digit key given for one must carry its date,
 * type, environment, establishment, point and sequential, and an allowed RUC.
 */

import type { Environment } from '../../shared/document-model.js';
import type { FieldError } from '../../shared/errors.js';
import { parseAccessKey } from './access-key.js';

export interface LinkRef {
  /** Where the reference sits in the body: `originalDocument`, `supportingDocuments[0]`… */
  path: string;
  documentType: string;
  /** NNN-NNN-NNNNNNNNN. */
  number: string;
  issueDate: string;
  key: string | null;
  /** The counterpart of the new document, which must be the original's (its buyer column). */
  counterpart: { path: string; id: string } | null;
  /** True: the issuer's own document (a note's original, a withholding's 03); 'key': ours when the key's RUC is the issuer's. */
  ours: boolean | 'key';
  /** RUCs a given key may carry; null: any (a waybill may move goods another taxpayer invoiced). */
  rucs: string[] | null;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The references of a schema-valid body (an unknown shape gives none). */
export function referencesOf(body: Json, issuerRuc: string): LinkRef[] {
  const type = body.documentType;
  if (type === '04' || type === '05') {
    const o = body.originalDocument as Json | undefined;
    const buyer = body.buyer as Json | undefined;
    if (!o) return [];
    return [
      {
        path: 'originalDocument',
        documentType: String(o.documentType),
        number: String(o.number),
        issueDate: String(o.issueDate),
        key: null,
        counterpart: str(buyer?.id) ? { path: 'buyer.id', id: String(buyer!.id) } : null,
        ours: true,
        rucs: [issuerRuc],
      },
    ];
  }
  if (type === '07') {
    const subject = body.subject as Json | undefined;
    const subjectId = str(subject?.id);
    const docs = (body.supportingDocuments as Json[] | undefined) ?? [];
    return docs.map((d, i) => ({
      path: `supportingDocuments[${i}]`,
      documentType: String(d.documentType),
      number: String(d.number),
      issueDate: String(d.issueDate),
      key: str(d.authorizationNumber),
      counterpart: subjectId ? { path: 'subject.id', id: subjectId } : null,
      // A liquidación de compra is issued by the buyer, the withholding agent: always ours.
      ours: d.documentType === '03' ? true : 'key',
      rucs: subject?.idType === '04' && subjectId ? [subjectId, issuerRuc] : [issuerRuc],
    }));
  }
  if (type === '06') {
    const recipients = (body.recipients as Json[] | undefined) ?? [];
    return recipients.flatMap((r, i) => {
      const d = r.supportingDocument as Json | null | undefined;
      if (!d) return [];
      return [
        {
          path: `recipients[${i}].supportingDocument`,
          documentType: String(d.documentType),
          number: String(d.number),
          issueDate: String(d.issueDate),
          key: str(d.authorizationNumber),
          counterpart: null,
          ours: 'key' as const,
          rucs: null,
        },
      ];
    });
  }
  return [];
}

/**
 * What is wrong with a 49-digit key given for `ref` (a shorter authorization number is not
 * checked). The environment is checked on the issuer's own keys only: a sandbox withholding may
 * well cite a supplier's real (production) invoice.
 */
export function keyProblems(ref: LinkRef, environment: Environment, issuerRuc: string): FieldError[] {
  if (ref.key === null || ref.key.length !== 49) return [];
  const path = `${ref.path}.authorizationNumber`;
  const parts = parseAccessKey(ref.key);
  if (!parts) return [{ path, message: 'is not a valid 49-digit access key (format or check digit)' }];
  const [branch, point, sequential] = ref.number.split('-');
  const wrong: string[] = [];
  if (parts.issueDate !== ref.issueDate)
    wrong.push(`its date ${parts.issueDate} is not the issue date ${ref.issueDate}`);
  if (parts.documentType !== ref.documentType)
    wrong.push(`its type ${parts.documentType} is not the document type ${ref.documentType}`);
  if (ref.rucs !== null && !ref.rucs.includes(parts.ruc))
    wrong.push(`its RUC ${parts.ruc} is not ${ref.rucs.join(' or ')}`);
  if (parts.ruc === issuerRuc && parts.environment !== environment)
    wrong.push(`it is a key of the ${parts.environment} environment, this document is ${environment}`);
  const keyNumber = `${parts.branchCode}-${parts.issuePointCode}-${parts.sequential}`;
  if (parts.branchCode !== branch || parts.issuePointCode !== point || parts.sequential !== sequential)
    wrong.push(`its number ${keyNumber} is not ${ref.number}`);
  return wrong.length ? [{ path, message: `does not match the document: ${wrong.join('; ')}` }] : [];
}

/** Whether the key names one of the issuer's documents (its RUC is the issuer's). */
export function keyIsIssuers(ref: LinkRef, issuerRuc: string): boolean {
  return ref.key !== null && ref.key.length === 49 && ref.key.slice(10, 23) === issuerRuc;
}
