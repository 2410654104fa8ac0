import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { enqueue } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { Environment } from '../../shared/scope.js';
import type { createAdmission } from './admission.js';
import { localVerdicts, type RowVerdict, verdictOfError } from './import-rows.js';
import { TXT_IMPORT, TXT_IMPORT_PAYLOAD } from './job-specs.js';
import { type PurchaseScope, tenantIdentities } from './purchases.repository.js';
import { purchaseImportRows, purchaseImports } from './purchases.tables.js';
import { parseTxtReport } from './txt-report.js';

type Admission = ReturnType<typeof createAdmission>;

/** Rows taken per run of the job before it looks again (a run is short; a crash loses little). */
const ROWS_PER_PASS = 25;
/** Consecutive throttled or failed SRI calls before a row is given up as FAILED. */
const MAX_SRI_FAILURES = 6;
const backoffMs = (failures: number) => Math.min(2000 * 2 ** (failures - 1), 120_000);
/** Rows per INSERT when an import starts (bench/purchase-import.bench.ts, docs/purchases.md). */
const INSERT_CHUNK = 100;
/** Asked of the SRI at once during a dry run. */
const PREVIEW_CONCURRENCY = 4;

export function createPurchaseImports(deps: { db: Executor; clock: Clock; admission: Admission }) {
  const { db, clock, admission } = deps;

  async function classify(scope: PurchaseScope, bytes: Buffer) {
    const rows = await parseTxtReport(bytes);
    return {
      rows,
      local: localVerdicts(rows, scope.environment, await tenantIdentities(db, scope.tenantId)),
    };
  }

  /** What each row would become, asking the SRI for the rows the local checks let through. */
  async function preview(scope: PurchaseScope, bytes: Buffer) {
    const { rows, local } = await classify(scope, bytes);
    const verdicts: RowVerdict[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < rows.length; i = next++) {
        if (local[i]) {
          verdicts[i] = local[i]!;
          continue;
        }
        try {
          const r = await admission.resolve(scope, rows[i]!.accessKey);
          verdicts[i] = { status: 'existing' in r ? 'EXISTING' : 'NEW', code: null, detail: null };
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          verdicts[i] = verdictOfError(e);
        }
      }
    };
    await Promise.all(Array.from({ length: PREVIEW_CONCURRENCY }, worker));
    return rows.map((r, i) => ({ ...rowView(r.line, r.accessKey, verdicts[i]!), txt: r }));
  }

  /** Saves the rows and queues the import job, in one transaction. */
  async function start(scope: PurchaseScope, bytes: Buffer) {
    const { rows, local } = await classify(scope, bytes);
    const now = clock.now();
    const id = uuidv7(now.getTime());
    await withTransaction(db, async (tx) => {
      await tx.insert(purchaseImports).values({
        id,
        tenantId: scope.tenantId,
        environment: scope.environment,
        status: 'RUNNING',
        totalRows: rows.length,
        throttled: 0,
        createdAt: now,
      });
      const values = rows.map((r, i) => ({
        importId: id,
        line: r.line,
        accessKey: r.accessKey.slice(0, 100),
        status: local[i]?.status ?? 'PENDING',
        errorCode: local[i]?.code ?? null,
        errorDetail: local[i]?.detail ?? null,
      })) as (typeof purchaseImportRows.$inferInsert)[];
      // Statements of INSERT_CHUNK rows: Drizzle builds an insert's text synchronously, about
      // 0.5 ms a row here, so 2000 rows in one statement held the API's event loop for a second.
      for (let start = 0; start < values.length; start += INSERT_CHUNK) {
        await tx.insert(purchaseImportRows).values(values.slice(start, start + INSERT_CHUNK));
      }
      await enqueue(
        tx,
        TXT_IMPORT,
        TXT_IMPORT_PAYLOAD,
        { importId: id },
        { jobKey: `purchase-import:${id}` },
      );
    });
    return get(scope, id);
  }

  async function get(scope: PurchaseScope, id: string) {
    const [imp] = await db
      .select()
      .from(purchaseImports)
      .where(
        and(
          eq(purchaseImports.id, id),
          eq(purchaseImports.tenantId, scope.tenantId),
          eq(purchaseImports.environment, scope.environment),
        ),
      );
    if (!imp) throw notFound('Purchase import');
    const rows = await db
      .select()
      .from(purchaseImportRows)
      .where(eq(purchaseImportRows.importId, id))
      .orderBy(asc(purchaseImportRows.line));
    const counts: Record<string, number> = {};
    for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return {
      id: imp.id,
      status: imp.status,
      totalRows: imp.totalRows,
      processedRows: rows.filter((r) => r.status !== 'PENDING').length,
      counts,
      createdAt: imp.createdAt.toISOString(),
      finishedAt: imp.finishedAt?.toISOString() ?? null,
      rows: rows.map((r) => ({
        ...rowView(r.line, r.accessKey, { status: r.status, code: r.errorCode, detail: r.errorDetail }),
        purchaseId: r.purchaseId,
      })),
    };
  }

  /** One row, in the transaction that records its outcome: a PENDING row is done exactly once. */
  async function settle(
    tx: Executor,
    importId: string,
    line: number,
    v: RowVerdict,
    purchaseId: string | null,
  ) {
    await tx
      .update(purchaseImportRows)
      .set({ status: v.status as never, errorCode: v.code, errorDetail: v.detail, purchaseId })
      .where(
        and(
          eq(purchaseImportRows.importId, importId),
          eq(purchaseImportRows.line, line),
          eq(purchaseImportRows.status, 'PENDING'),
        ),
      );
  }

  /**
   * The job: the PENDING rows in line order, each fetched and stored with its row's outcome. A
   * throttled or unreachable SRI re-queues the job with a growing delay; after a crash the job
   * runs again and starts at the first row still PENDING.
   */
  async function run(importId: string): Promise<void> {
    const [imp] = await db.select().from(purchaseImports).where(eq(purchaseImports.id, importId));
    if (!imp || imp.status !== 'RUNNING') return;
    const scope = { tenantId: imp.tenantId, environment: imp.environment as Environment };
    let failures = imp.throttled;
    for (;;) {
      const pending = await db
        .select({ line: purchaseImportRows.line, accessKey: purchaseImportRows.accessKey })
        .from(purchaseImportRows)
        .where(and(eq(purchaseImportRows.importId, importId), eq(purchaseImportRows.status, 'PENDING')))
        .orderBy(asc(purchaseImportRows.line))
        .limit(ROWS_PER_PASS);
      if (pending.length === 0) {
        await db
          .update(purchaseImports)
          .set({ status: 'DONE', finishedAt: clock.now(), throttled: 0 })
          .where(eq(purchaseImports.id, importId));
        return;
      }
      for (const row of pending) {
        try {
          const r = await admission.resolve(scope, row.accessKey);
          await withTransaction(db, async (tx) => {
            if ('existing' in r) {
              await settle(
                tx,
                importId,
                row.line,
                { status: 'EXISTING', code: null, detail: null },
                r.existing.id,
              );
              return;
            }
            const stored = await admission.store(tx, scope, r.resolved, 'TXT', clock.now());
            const status = stored.created ? 'CREATED' : 'EXISTING';
            await settle(tx, importId, row.line, { status, code: null, detail: null }, stored.row.id);
          });
          failures = 0;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const sriDown = e.code === 'SRI_THROTTLED' || e.code === 'SRI_UNAVAILABLE';
          if (sriDown && failures + 1 < MAX_SRI_FAILURES) {
            failures += 1;
            await withTransaction(db, async (tx) => {
              await tx
                .update(purchaseImports)
                .set({ throttled: failures })
                .where(eq(purchaseImports.id, importId));
              await enqueue(
                tx,
                TXT_IMPORT,
                TXT_IMPORT_PAYLOAD,
                { importId },
                {
                  jobKey: `purchase-import:${importId}`,
                  delayMs: backoffMs(failures),
                },
              );
            });
            return;
          }
          failures = 0;
          await withTransaction(db, (tx) => settle(tx, importId, row.line, verdictOfError(e), null));
        }
      }
      await db.update(purchaseImports).set({ throttled: sql`0` }).where(eq(purchaseImports.id, importId));
    }
  }

  /**
   * The job will not run again (its last attempt failed, or died with its worker: the crash sweep
   * calls this through the job's onExhausted): the import is FAILED and its PENDING rows too, so
   * the client polling it sees an end. Idempotent; a DONE import stays DONE.
   */
  async function markFailed(importId: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      const closed = await tx
        .update(purchaseImports)
        .set({ status: 'FAILED', finishedAt: clock.now() })
        .where(and(eq(purchaseImports.id, importId), eq(purchaseImports.status, 'RUNNING')))
        .returning({ id: purchaseImports.id });
      if (closed.length === 0) return;
      await tx
        .update(purchaseImportRows)
        .set({
          status: 'FAILED',
          errorCode: 'IMPORT_FAILED',
          errorDetail: 'The import stopped before this row was fetched; import the file again',
        })
        .where(and(eq(purchaseImportRows.importId, importId), eq(purchaseImportRows.status, 'PENDING')));
    });
  }

  return { preview, start, get, run, markFailed };
}

function rowView(line: number, accessKey: string, v: RowVerdict) {
  return {
    line,
    accessKey,
    status: v.status,
    error: v.code || v.detail ? { code: v.code, detail: v.detail } : null,
  };
}

export type PurchaseImports = ReturnType<typeof createPurchaseImports>;
