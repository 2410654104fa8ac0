import { and, desc, eq, gte, ilike, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { apiKeys } from '../../db/tables.js';
import type { Clock } from '../../shared/clock.js';
import { notFound, validationError } from '../../shared/errors.js';
import { apiRequestLog } from './request-log.tables.js';

/** How long the log keeps a request. */
const RETENTION_DAYS = 7;
const RETENTION_MS = RETENTION_DAYS * 24 * 3600 * 1000;
/** Rows deleted per statement by the pruning job: short locks, a bounded WAL burst each. */
export const PRUNE_BATCH = 5000;

export interface RequestLogQuery {
  status?: string;
  code?: string;
  method?: string;
  path?: string;
  requestId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export interface RequestLogView {
  id: string;
  method: string;
  path: string;
  status: number;
  code: string | null;
  requestId: string;
  durationMs: number;
  environment: 'sandbox' | 'production';
  createdAt: string;
}

const STATUS_RE = /^([1-5])(?:(\d\d)|xx)$/;
const CURSOR_RE = /^[1-9]\d{0,17}$/;

/** `404` exactly, or a class: `4xx`. */
function statusFilter(value: string): SQL {
  const m = STATUS_RE.exec(value);
  if (!m) throw validationError('query.status', 'must be a status such as 404 or a class such as 4xx');
  if (m[2] !== undefined) return eq(apiRequestLog.status, Number(value));
  const low = Number(m[1]) * 100;
  return and(gte(apiRequestLog.status, low), lt(apiRequestLog.status, low + 100))!;
}

function instant(value: string, field: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw validationError(`query.${field}`, 'must be an ISO 8601 date-time');
  return d;
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createRequestLogService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** A key's requests of the last 7 days, newest first, filtered; `nextCursor` pages on. */
    async list(tenantId: string, keyId: string, q: RequestLogQuery) {
      const [key] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.tenantId, tenantId), eq(apiKeys.internal, false)));
      if (!key) throw notFound('API key');
      const limit = q.limit ?? 50;
      const conditions: SQL[] = [
        eq(apiRequestLog.keyId, keyId),
        eq(apiRequestLog.tenantId, tenantId),
        gte(apiRequestLog.createdAt, new Date(clock.now().getTime() - RETENTION_MS)),
      ];
      if (q.status) conditions.push(statusFilter(q.status));
      if (q.code) conditions.push(eq(apiRequestLog.code, q.code));
      if (q.method) conditions.push(eq(apiRequestLog.method, q.method));
      if (q.path) conditions.push(ilike(apiRequestLog.path, `%${likeLiteral(q.path)}%`));
      if (q.requestId) conditions.push(eq(apiRequestLog.requestId, q.requestId));
      if (q.from) conditions.push(gte(apiRequestLog.createdAt, instant(q.from, 'from')));
      if (q.to) conditions.push(lte(apiRequestLog.createdAt, instant(q.to, 'to')));
      if (q.cursor) {
        if (!CURSOR_RE.test(q.cursor))
          throw validationError('query.cursor', 'must be the nextCursor of a previous page');
        conditions.push(lt(apiRequestLog.id, Number(q.cursor)));
      }
      const rows = await db
        .select()
        .from(apiRequestLog)
        .where(and(...conditions))
        .orderBy(desc(apiRequestLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        requests: page.map(
          (r): RequestLogView => ({
            id: String(r.id),
            method: r.method,
            path: r.path,
            status: r.status,
            code: r.code,
            requestId: r.requestId,
            durationMs: r.durationMs,
            environment: r.environment,
            createdAt: r.createdAt.toISOString(),
          }),
        ),
        nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
      };
    },

    /**
     * Deletes rows older than 7 days, PRUNE_BATCH per statement until none is left (each
     * statement its own short transaction). Returns how many went.
     */
    async prune(now: Date = clock.now()): Promise<number> {
      const cutoff = new Date(now.getTime() - RETENTION_MS);
      let total = 0;
      for (;;) {
        const result = await db.execute(sql`
          delete from api_request_log where id in (
            select id from api_request_log where created_at < ${cutoff} limit ${PRUNE_BATCH})`);
        const n = result.rowCount ?? 0;
        total += n;
        if (n < PRUNE_BATCH) return total;
      }
    },
  };
}

export type RequestLogService = ReturnType<typeof createRequestLogService>;
