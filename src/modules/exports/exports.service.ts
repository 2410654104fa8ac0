import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Type } from '@sinclair/typebox';
import { and, asc, count, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type pg from 'pg';
import { ZipFile } from 'yazl';
import { type Executor, withTransaction } from '../../db/pool.js';
import { enqueue, JobId } from '../../jobs/queue.js';
import { type Clock, isoToDdMmYyyy } from '../../shared/clock.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import type { ExportLanguage } from '../../shared/export-labels.js';
import { uuidv7 } from '../../shared/ids.js';
import type { IssuerScope as DocumentScope } from '../../shared/scope.js';
import type { DeliveryService } from '../delivery/index.js';
import { checkedIsoDate, documents, type ListFilters } from '../documents/index.js';
import { streamDocumentsCsv } from './csv-export.js';
import { documentExports, type ExportKind, type ExportRow } from './exports.tables.js';

export const EXPORT_ZIP_PAYLOAD = { version: 1, payload: Type.Object({ exportId: JobId }) };
export const EXPORT_ZIP_JOB = 'documents.export-zip';
/** A year and a day: a fiscal year plus a margin, and a bound on one job's work. */
export const EXPORT_MAX_DAYS = 366;
/**
 * Exports of one account QUEUED or RUNNING at a time: a ZIP of a year of RIDEs is minutes of a
 * worker's CPU, so a key (read-only keys included) cannot start more; past it 429 with Retry-After.
 */
export const EXPORT_MAX_IN_FLIGHT = 3;
/** Seconds a client is told to wait when at the limit: about what a large export takes. */
const EXPORT_RETRY_AFTER_SECONDS = 60;
/** Days a finished export's file is kept (from finishedAt); then the daily prune deletes it: EXPIRED. */
export const EXPORT_RETENTION_DAYS = 7;
/** The documents with a legal value, as the accountant files them. */
const EXPORTED_STATUSES = ['AUTHORIZED', 'VOIDED'] as const;
/** Progress is written every this many files (and at the end). */
const PROGRESS_EVERY = 10;
const DAY_MS = 86_400_000;

/** The file name of an entry: the delivery module's (FACTURA-001-001-000000123.pdf), from the access key. */
function entryName(documentType: string, accessKey: string, kind: ExportKind): string {
  const kindName =
    documentType === '04'
      ? 'NOTA-CREDITO'
      : documentType === '01'
        ? 'FACTURA'
        : `COMPROBANTE-${documentType}`;
  const number = `${accessKey.slice(24, 27)}-${accessKey.slice(27, 30)}-${accessKey.slice(30, 39)}`;
  return `${kindName}-${number}.${kind === 'ride' ? 'pdf' : 'xml'}`;
}

function exportView(row: ExportRow) {
  return {
    id: row.id,
    kind: row.kind,
    from: isoToDdMmYyyy(row.fromDate),
    to: isoToDdMmYyyy(row.toDate),
    status: row.status,
    progress: {
      done: row.done,
      total: row.total,
      percent: row.status === 'DONE' ? 100 : row.total === 0 ? 0 : Math.floor((row.done * 100) / row.total),
    },
    sizeBytes: row.sizeBytes,
    downloadUrl: row.status === 'DONE' ? `/v1/exports/${row.id}/download` : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function createExportsService(deps: {
  db: Executor;
  pool: pg.Pool;
  clock: Clock;
  delivery: DeliveryService;
  dataDir: string;
  /** The CSV export (the list's documents) reads here: a replica when DATABASE_READ_URL is set (docs/scaling.md). */
  read?: { db: Executor; pool: pg.Pool };
}) {
  const { db, clock, delivery } = deps;
  const read = deps.read ?? { db, pool: deps.pool };
  const dir = path.join(deps.dataDir, 'exports');
  const fileOf = (id: string) => path.join(dir, `${id}.zip`);

  async function scoped(scope: DocumentScope, id: string): Promise<ExportRow> {
    const [row] = await db
      .select()
      .from(documentExports)
      .where(
        and(
          eq(documentExports.id, id),
          eq(documentExports.tenantId, scope.tenantId),
          eq(documentExports.issuerId, scope.issuerId),
          eq(documentExports.environment, scope.environment),
        ),
      );
    if (!row) throw notFound('Export');
    return row;
  }

  async function setProgress(id: string, values: Partial<ExportRow>): Promise<void> {
    await db.update(documentExports).set(values).where(eq(documentExports.id, id));
  }

  async function markFailed(exportId: string): Promise<void> {
    await rm(`${fileOf(exportId)}.part`, { force: true }).catch(() => undefined);
    await db
      .update(documentExports)
      .set({
        status: 'FAILED',
        error: 'The export could not be built; create it again',
        finishedAt: clock.now(),
      })
      .where(and(eq(documentExports.id, exportId), inArray(documentExports.status, ['QUEUED', 'RUNNING'])));
  }

  return {
    /** GET /v1/documents/export?format=csv: the list's filters, every matching document. */
    csv(scope: DocumentScope, filters: ListFilters, lang: ExportLanguage) {
      return streamDocumentsCsv(read.db, read.pool, scope, filters, lang);
    },

    /** POST /v1/exports: the row and its job in one transaction. */
    async createZip(scope: DocumentScope, body: { from: string; to: string; kind: ExportKind }) {
      const fromIso = checkedIsoDate(body.from, 'from');
      const toIso = checkedIsoDate(body.to, 'to');
      if (fromIso > toIso) throw validationError('from', 'must not be after to');
      const days = (Date.parse(toIso) - Date.parse(fromIso)) / DAY_MS + 1;
      if (days > EXPORT_MAX_DAYS)
        throw validationError('to', `the range spans at most ${EXPORT_MAX_DAYS} days`);
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        // One account's creations in turn (any process), so the count below cannot be overtaken.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`exports:${scope.tenantId}`}, 0))`,
        );
        const [inFlight] = await tx
          .select({ n: count() })
          .from(documentExports)
          .where(
            and(
              eq(documentExports.tenantId, scope.tenantId),
              inArray(documentExports.status, ['QUEUED', 'RUNNING']),
            ),
          );
        if ((inFlight?.n ?? 0) >= EXPORT_MAX_IN_FLIGHT) {
          throw new AppError(
            'EXPORT_LIMIT_REACHED',
            `${EXPORT_MAX_IN_FLIGHT} exports of this account are in progress; create another once one is DONE or FAILED`,
            { extra: { retryAfter: EXPORT_RETRY_AFTER_SECONDS, limit: EXPORT_MAX_IN_FLIGHT } },
          );
        }
        const [row] = await tx
          .insert(documentExports)
          .values({
            id: uuidv7(now.getTime()),
            tenantId: scope.tenantId,
            issuerId: scope.issuerId,
            environment: scope.environment,
            kind: body.kind,
            fromDate: fromIso,
            toDate: toIso,
            status: 'QUEUED',
            total: 0,
            done: 0,
            createdAt: now,
          })
          .returning();
        await enqueue(
          tx,
          EXPORT_ZIP_JOB,
          EXPORT_ZIP_PAYLOAD,
          { exportId: row!.id },
          { maxAttempts: 3, jobKey: `export:${row!.id}` },
        );
        return exportView(row!);
      });
    },

    async get(scope: DocumentScope, id: string) {
      return exportView(await scoped(scope, id));
    },

    /** The finished ZIP; 409 CONFLICT before it is DONE. */
    async download(scope: DocumentScope, id: string) {
      const row = await scoped(scope, id);
      if (row.status !== 'DONE') {
        throw new AppError('CONFLICT', `The export is ${row.status}; download it once it is DONE`);
      }
      const file = fileOf(row.id);
      if (!existsSync(file)) throw notFound('Export file');
      const kind = row.kind === 'ride' ? 'RIDE' : 'XML';
      return {
        filename: `${kind}-${row.fromDate}-${row.toDate}.zip`,
        size: row.sizeBytes ?? (await stat(file)).size,
        stream: createReadStream(file),
      };
    },

    /**
     * The job: one entry per document, each rendered only when the ZIP writer reaches it
     * (yazl's lazy streams), so memory holds one file at a time. Idempotent: a rerun starts the
     * file again and overwrites it.
     */
    async buildZip(exportId: string, isLastAttempt: boolean): Promise<void> {
      const [exp] = await db.select().from(documentExports).where(eq(documentExports.id, exportId));
      if (!exp || exp.status === 'DONE') return;
      // From the primary, never the replica: a lagging replica would make a DONE export that
      // misses documents authorized before it started (the CSV is the list and reads as it does).
      const rows = await db
        .select({ id: documents.id, documentType: documents.documentType, accessKey: documents.accessKey })
        .from(documents)
        .where(
          and(
            eq(documents.tenantId, exp.tenantId),
            eq(documents.issuerId, exp.issuerId),
            eq(documents.environment, exp.environment),
            gte(documents.issueDate, exp.fromDate),
            lte(documents.issueDate, exp.toDate),
            inArray(documents.status, [...EXPORTED_STATUSES]),
          ),
        )
        .orderBy(asc(documents.issueDate), asc(documents.documentType), asc(documents.sequential));
      await setProgress(exportId, {
        status: 'RUNNING',
        total: rows.length,
        done: 0,
        error: null,
        startedAt: clock.now(),
      });
      const part = `${fileOf(exportId)}.part`;
      try {
        await mkdir(dir, { recursive: true });
        const resolve = delivery.attachmentResolvers[exp.kind === 'ride' ? 'document-ride' : 'document-xml'];
        const zip = new ZipFile();
        const out = createWriteStream(part);
        const failed = new Promise<never>((_, reject) => {
          zip.on('error', reject);
          out.on('error', reject);
        });
        failed.catch(() => {});
        zip.outputStream.pipe(out);
        const mtime = clock.now();
        let done = 0;
        for (const doc of rows) {
          zip.addReadStreamLazy(entryName(doc.documentType, doc.accessKey, exp.kind), { mtime }, (cb) => {
            resolve({ documentId: doc.id })
              .then(async (file) => {
                done++;
                if (done % PROGRESS_EVERY === 0) await setProgress(exportId, { done });
                cb(null, new PassThrough().end(file.content));
              })
              .catch((err) => cb(err, new PassThrough()));
          });
        }
        zip.end();
        await Promise.race([finished(out), failed]);
        await rename(part, fileOf(exportId));
        const { size } = await stat(fileOf(exportId));
        await setProgress(exportId, {
          status: 'DONE',
          done: rows.length,
          sizeBytes: size,
          finishedAt: clock.now(),
        });
      } catch (err) {
        // The cleanup must not hide the failure (rm itself fails when the folder is unusable).
        await rm(part, { force: true }).catch(() => undefined);
        if (!isLastAttempt) throw err;
        await markFailed(exportId);
      }
    },

    /**
     * The job will not run again (its last attempt failed, or died with its worker: the crash
     * sweep calls this through the job's onExhausted): FAILED, its partial file deleted.
     */
    markFailed,

    /**
     * The daily prune: the files of exports finished more than EXPORT_RETENTION_DAYS ago are
     * deleted and their rows become EXPIRED (FAILED ones have no file and stay FAILED).
     */
    async prune(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - EXPORT_RETENTION_DAYS * DAY_MS);
      const old = await db
        .select({ id: documentExports.id })
        .from(documentExports)
        .where(and(eq(documentExports.status, 'DONE'), lt(documentExports.finishedAt, cutoff)));
      for (const { id } of old) {
        await rm(fileOf(id), { force: true });
        await db
          .update(documentExports)
          .set({ status: 'EXPIRED' })
          .where(and(eq(documentExports.id, id), eq(documentExports.status, 'DONE')));
      }
      return old.length;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
