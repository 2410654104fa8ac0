/**
 * The ATS report API's records, written by hand from the contract shared with the server
 * (docs/ats.md, "In the web app"): the route was built in parallel with this page. Once the server's
 * OpenAPI has it, `npm run web:api-types` generates them and these become `Answer<'/v1/reports/ats…'>`.
 */
type Money = string;

export interface RateTotal {
  /** "0", "5", "12", "15", "NO_OBJECT", "EXEMPT" */
  rate: string;
  base: Money;
  tax: Money;
}

export interface AtsProblem {
  severity: 'ERROR' | 'WARNING';
  code: string;
  /** In the request's language (Accept-Language); names the element. */
  message: string;
  element: string | null;
  target: null | { kind: 'purchase' | 'document' | 'supplier' | 'issuer'; id: string; webPath: string };
}

export interface AtsSummary {
  compras: {
    count: number;
    withoutRetention: number;
    assumedSustento: number;
    byRate: RateTotal[];
    retainedVat: Money;
    retainedIncomeTax: Money;
    total: Money;
  };
  ventas: { rows: number; documents: number; byRate: RateTotal[]; total: Money };
  ventasEstablecimiento: { establishment: string; total: Money }[];
  anulados: { count: number };
  header: { numEstabRuc: string; totalVentas: Money };
}

export type AtsStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'REFUSED' | 'FAILED';

export interface AtsReport {
  id: string;
  issuerId: string;
  ruc: string;
  period: { year: number; month: number | null; semester: number | null };
  fileName: string;
  status: AtsStatus;
  progress: { done: number; total: number };
  createdAt: string;
  finishedAt: string | null;
  error: { code: string; message: string } | null;
  summary: AtsSummary | null;
  problems: AtsProblem[];
  download: null | { url: string; size: number };
}

export interface AtsReportList {
  data: AtsReport[];
  nextCursor: string | null;
}
