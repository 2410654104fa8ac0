import { createReadStream, existsSync } from 'node:fs';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { enqueue } from '../../jobs/queue.js';
import { type Clock, ecuadorParts, ecuadorTimestamp } from '../../shared/clock.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { Environment } from '../../shared/scope.js';
import { type AtsReportRow, atsReports } from './ats.tables.js';
import { ATS_REPORT_JOB, ATS_REPORT_PAYLOAD, type AtsReportJob, atsBaseName } from './ats-report-job.js';

export interface AtsScope {
  tenantId: string;
  environment: Environment;
}
type Lang = 'es' | 'en';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contract's AtsReport (docs/ats.md), problems in the request's language. */
function reportView(row: AtsReportRow, lang: Lang) {
  return {
    id: row.id,
    issuerId: row.issuerId,
    ruc: row.ruc,
    period: { year: row.year, month: row.month, semester: row.semester },
    fileName: `${atsBaseName(row)}.zip`,
    status: row.status,
    progress: { done: row.done, total: row.total },
    createdAt: ecuadorTimestamp(row.createdAt),
    finishedAt: row.finishedAt ? ecuadorTimestamp(row.finishedAt) : null,
    error:
      row.status === 'FAILED'
        ? { code: row.errorCode ?? 'ATS_BUILD_FAILED', message: row.errorMessage ?? '' }
        : null,
    summary: row.summary,
    problems: row.problems.map(({ es, en, ...p }) => ({ ...p, message: lang === 'es' ? es : en })),
    download:
      row.status === 'DONE' ? { url: `/v1/reports/ats/${row.id}/download`, size: row.sizeBytes ?? 0 } : null,
  };
}
export type AtsReportView = ReturnType<typeof reportView>;

export function createAtsReportsService(deps: { db: Executor; clock: Clock; job: AtsReportJob }) {
  const { db, clock, job } = deps;

  async function scoped(scope: AtsScope, id: string): Promise<AtsReportRow> {
    const [row] = UUID.test(id)
      ? await db
          .select()
          .from(atsReports)
          .where(
            and(
              eq(atsReports.id, id),
              eq(atsReports.tenantId, scope.tenantId),
              eq(atsReports.environment, scope.environment),
            ),
          )
      : [];
    if (!row) throw notFound('ATS report');
    return row;
  }

  /** The period's checks: exactly one of month / semester, a semester only for RIMPE, not future. */
  function checkPeriod(body: { year: number; month?: number; semester?: number }, rimpe: boolean): void {
    if (body.month !== undefined && body.semester !== undefined)
      throw validationError('semester', 'give either month or semester, not both');
    if (body.month === undefined && body.semester === undefined)
      throw validationError('month', 'give month (1-12) or, for a RIMPE issuer, semester (1-2)');
    if (body.semester !== undefined && !rimpe)
      throw validationError('semester', 'a semester annex is only for a RIMPE issuer; give month');
    const now = ecuadorParts(clock.now());
    const firstMonth = body.month ?? (body.semester === 1 ? 1 : 7);
    if (body.year * 12 + firstMonth > now.year * 12 + now.month)
      throw validationError(body.month !== undefined ? 'month' : 'semester', 'the period is in the future');
  }

  return {
    /** POST: the row and its job in one transaction; the one in flight for the same period if any. */
    async create(
      scope: AtsScope,
      body: { issuerId: string; year: number; month?: number; semester?: number },
      lang: Lang,
    ): Promise<{ created: boolean; report: AtsReportView }> {
      const [issuer] = UUID.test(body.issuerId)
        ? await db
            .select({ id: issuers.id, ruc: issuers.ruc, rimpe: issuers.rimpeRegime })
            .from(issuers)
            .where(
              and(
                eq(issuers.id, body.issuerId),
                eq(issuers.tenantId, scope.tenantId),
                isNull(issuers.deletedAt),
              ),
            )
        : [];
      if (!issuer) throw new AppError('ISSUER_NOT_FOUND', `Issuer ${body.issuerId} not found`);
      checkPeriod(body, issuer.rimpe !== null);
      const month = body.month ?? null;
      const semester = body.semester ?? null;
      return withTransaction(db, async (tx) => {
        // One request per RUC and period at a time (any process), so the look-up is not overtaken.
        const lockKey = `ats:${scope.tenantId}:${scope.environment}:${issuer.ruc}:${body.year}:${month}:${semester}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
        const [inFlight] = await tx
          .select()
          .from(atsReports)
          .where(
            and(
              eq(atsReports.tenantId, scope.tenantId),
              eq(atsReports.environment, scope.environment),
              eq(atsReports.ruc, issuer.ruc),
              eq(atsReports.year, body.year),
              month === null ? isNull(atsReports.month) : eq(atsReports.month, month),
              semester === null ? isNull(atsReports.semester) : eq(atsReports.semester, semester),
              inArray(atsReports.status, ['QUEUED', 'RUNNING']),
            ),
          );
        if (inFlight) return { created: false, report: reportView(inFlight, lang) };
        const now = clock.now();
        const [row] = await tx
          .insert(atsReports)
          .values({
            id: uuidv7(now.getTime()),
            tenantId: scope.tenantId,
            environment: scope.environment,
            issuerId: issuer.id,
            ruc: issuer.ruc,
            year: body.year,
            month,
            semester,
            status: 'QUEUED',
            done: 0,
            total: 0,
            problems: [],
            createdAt: now,
          })
          .returning();
        await enqueue(
          tx,
          ATS_REPORT_JOB,
          ATS_REPORT_PAYLOAD,
          { reportId: row!.id },
          {
            maxAttempts: 3,
            jobKey: `ats:${row!.id}`,
          },
        );
        return { created: true, report: reportView(row!, lang) };
      });
    },

    /** Newest first; `cursor` is the last id of the previous page. */
    async list(scope: AtsScope, query: { issuerId?: string; limit?: number; cursor?: string }, lang: Lang) {
      if (query.cursor !== undefined && !UUID.test(query.cursor))
        throw validationError('query.cursor', 'not a cursor this list returned');
      if (query.issuerId !== undefined && !UUID.test(query.issuerId)) return { data: [], nextCursor: null };
      const limit = query.limit ?? 20;
      const rows = await db
        .select()
        .from(atsReports)
        .where(
          and(
            eq(atsReports.tenantId, scope.tenantId),
            eq(atsReports.environment, scope.environment),
            query.issuerId ? eq(atsReports.issuerId, query.issuerId) : undefined,
            query.cursor ? lt(atsReports.id, query.cursor) : undefined,
          ),
        )
        .orderBy(desc(atsReports.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        data: page.map((r) => reportView(r, lang)),
        nextCursor: rows.length > limit ? page.at(-1)!.id : null,
      };
    },

    async get(scope: AtsScope, id: string, lang: Lang) {
      return reportView(await scoped(scope, id), lang);
    },

    /** The zip (or the bare XML); 409 ATS_NOT_READY unless DONE. */
    async download(scope: AtsScope, id: string, part: 'zip' | 'xml') {
      const row = await scoped(scope, id);
      if (row.status !== 'DONE') {
        throw new AppError(
          'ATS_NOT_READY',
          row.status === 'REFUSED'
            ? 'The ATS was refused: fix its problems and request it again'
            : `The ATS is ${row.status}; download it once it is DONE`,
        );
      }
      const file = job.fileOf(row.id, part);
      if (!existsSync(file)) throw notFound('ATS file');
      return { filename: `${atsBaseName(row)}.${part}`, stream: createReadStream(file) };
    },
  };
}

export type AtsReportsService = ReturnType<typeof createAtsReportsService>;
