/**
 * What an ATS report row holds besides its status (docs/ats.md, the API contract): the summary an
 * owner checks against their books, and the problems, each with the page that fixes it.
 */

/** A total per IVA rate group: "0", "5", "12", "15" … or NO_OBJECT (code 6), EXEMPT (code 7). */
export interface RateTotal {
  rate: string;
  base: string;
  tax: string;
}

export interface AtsReportSummary {
  compras: {
    count: number;
    withoutRetention: number;
    assumedSustento: number;
    byRate: RateTotal[];
    retainedVat: string;
    retainedIncomeTax: string;
    total: string;
  };
  ventas: { rows: number; documents: number; byRate: RateTotal[]; total: string };
  ventasEstablecimiento: { establishment: string; total: string }[];
  anulados: { count: number };
  header: { numEstabRuc: string; totalVentas: string };
}

export type AtsTargetKind = 'purchase' | 'document' | 'supplier' | 'issuer';

export interface AtsTarget {
  kind: AtsTargetKind;
  id: string;
  webPath: string;
}

/** A problem as stored: both languages, the response picks one (Accept-Language). */
export interface AtsReportProblem {
  severity: 'ERROR' | 'WARNING';
  code: string;
  element: string | null;
  target: AtsTarget | null;
  es: string;
  en: string;
}

/** The web app's page that fixes a problem of this kind. */
export function targetOf(kind: AtsTargetKind, id: string): AtsTarget {
  const page = { purchase: 'purchases', document: 'documents', supplier: 'purchases', issuer: 'issuers' }[
    kind
  ];
  const webPath = kind === 'supplier' ? `/app/purchases?supplier=${id}` : `/app/${page}/${id}`;
  return { kind, id, webPath };
}
