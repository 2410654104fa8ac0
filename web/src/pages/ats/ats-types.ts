/**
 * The ATS report API's records as the page uses them, named from the generated API types
 * (`npm run sdk:types`), so the page follows the server's OpenAPI document.
 */
import type { Answer } from '../../api-models';

export type AtsReport = Answer<'/v1/reports/ats/{id}', 'get'>;
export type AtsReportList = Answer<'/v1/reports/ats', 'get'>;
export type AtsStatus = AtsReport['status'];
export type AtsSummary = NonNullable<AtsReport['summary']>;
export type AtsProblem = AtsReport['problems'][number];
export type RateTotal = AtsSummary['compras']['byRate'][number];
