import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { Type } from '@sinclair/typebox';
import { and, eq, inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { JobId } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { type AtsReportRow, atsReports } from './ats.tables.js';
import { atsExpiresAt } from './ats-expiry.js';
import type { AtsReportProblem } from './ats-report.model.js';
import { buildReportFile } from './ats-report-build.js';

export const ATS_REPORT_JOB = 'ats.build-report';
export const ATS_REPORT_PAYLOAD = { version: 1, payload: Type.Object({ reportId: JobId }) };
/** The SRI's upload limit (ficha §1.1): 8 MB compressed; above it the file goes on a flash drive. */
const ATS_MAX_ZIP_BYTES = 8 * 1024 * 1024;

/** ATmmaaaa: the month, or 06 / 12 for a RIMPE semester (REFERENCE-ATS §1). */
export function atsBaseName(row: Pick<AtsReportRow, 'year' | 'month' | 'semester'>): string {
  const month = row.month ?? (row.semester === 1 ? 6 : 12);
  return `AT${String(month).padStart(2, '0')}${row.year}`;
}

export function createAtsReportJob(deps: { db: Executor; clock: Clock; dir: string }) {
  const { db, clock, dir } = deps;
  const fileOf = (id: string, ext: 'xml' | 'zip') => path.join(dir, `${id}.${ext}`);

  async function update(id: string, values: Partial<AtsReportRow>): Promise<void> {
    await db.update(atsReports).set(values).where(eq(atsReports.id, id));
  }

  async function removeFiles(id: string): Promise<void> {
    for (const f of [fileOf(id, 'xml'), fileOf(id, 'zip')]) {
      await rm(`${f}.part`, { force: true }).catch(() => undefined);
      await rm(f, { force: true }).catch(() => undefined);
    }
  }

  /** The job will not run again (onExhausted, or its last attempt threw): FAILED, files deleted. */
  async function markFailed(reportId: string): Promise<void> {
    await removeFiles(reportId);
    await db
      .update(atsReports)
      .set({
        status: 'FAILED',
        errorCode: 'ATS_BUILD_FAILED',
        errorMessage: 'The ATS could not be built; request it again',
        finishedAt: clock.now(),
      })
      .where(and(eq(atsReports.id, reportId), inArray(atsReports.status, ['QUEUED', 'RUNNING'])));
  }

  async function zip(xml: string, entry: string, out: string): Promise<number> {
    const file = new ZipFile();
    const stream = createWriteStream(out);
    file.outputStream.pipe(stream);
    file.addFile(xml, entry, { mtime: clock.now() });
    file.end();
    await finished(stream);
    return (await stat(out)).size;
  }

  /**
   * Builds one report from the start (a rerun after a crash overwrites the files): the XML, its
   * checks and schema validation, then the zip. Any ERROR problem: REFUSED, no file kept.
   */
  async function run(reportId: string, isLastAttempt: boolean): Promise<void> {
    const [row] = await db.select().from(atsReports).where(eq(atsReports.id, reportId));
    if (!row || !['QUEUED', 'RUNNING'].includes(row.status)) return;
    const [issuer] = await db
      .select({ id: issuers.id, ruc: issuers.ruc, businessName: issuers.businessName })
      .from(issuers)
      .where(eq(issuers.id, row.issuerId));
    await update(reportId, {
      status: 'RUNNING',
      startedAt: clock.now(),
      done: 0,
      problems: [],
      summary: null,
    });
    const base = atsBaseName(row);
    try {
      await mkdir(dir, { recursive: true });
      const xmlPart = `${fileOf(reportId, 'xml')}.part`;
      const { summary, problems } = await buildReportFile({
        db,
        tenantId: row.tenantId,
        environment: row.environment,
        issuer: issuer!,
        year: row.year,
        month: row.month ?? (row.semester === 1 ? 6 : 12),
        semester: row.semester !== null,
        xmlFile: xmlPart,
        progress: (values) => update(reportId, values),
      });
      let size: number | null = null;
      if (!problems.some((p) => p.severity === 'ERROR')) {
        size = await zip(xmlPart, `${base}.xml`, `${fileOf(reportId, 'zip')}.part`);
        if (size > ATS_MAX_ZIP_BYTES) problems.push(tooLarge(size));
      }
      const refused = problems.some((p) => p.severity === 'ERROR');
      if (refused) await removeFiles(reportId);
      else {
        await rename(xmlPart, fileOf(reportId, 'xml'));
        await rename(`${fileOf(reportId, 'zip')}.part`, fileOf(reportId, 'zip'));
      }
      const [{ total } = { total: 0 }] = await db
        .select({ total: atsReports.total })
        .from(atsReports)
        .where(eq(atsReports.id, reportId));
      const finishedAt = clock.now();
      await update(reportId, {
        status: refused ? 'REFUSED' : 'DONE',
        done: total,
        summary,
        problems,
        sizeBytes: refused ? null : size,
        finishedAt,
        expiresAt: refused ? null : atsExpiresAt(row, finishedAt),
      });
    } catch (err) {
      await removeFiles(reportId);
      if (!isLastAttempt) throw err;
      await markFailed(reportId);
    }
  }

  return { run, markFailed, fileOf };
}

function tooLarge(size: number): AtsReportProblem {
  const mb = (size / 1024 / 1024).toFixed(1);
  return {
    severity: 'ERROR',
    code: 'ATS_TOO_LARGE',
    element: null,
    target: null,
    es: `El archivo comprimido pesa ${mb} MB: el SRI en línea acepta hasta 8 MB; entréguelo en una oficina del SRI`,
    en: `The zip is ${mb} MB: SRI en línea accepts up to 8 MB; deliver it at an SRI office`,
  };
}

export type AtsReportJob = ReturnType<typeof createAtsReportJob>;
