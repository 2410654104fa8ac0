import type pg from 'pg';

/**
 * What the reliability bench reads back: our own records (sri_responses, document events) and the
 * simulator's per-document counters, compared.
 */

export async function unfinished(db: pg.Pool, tenantId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from documents where tenant_id = $1 and status in ('SIGNED', 'RECEIVED')`,
    [tenantId],
  );
  return rows[0]!.n;
}

export async function statusCounts(db: pg.Pool, tenantId: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from documents where tenant_id = $1 group by status order by status`,
    [tenantId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export interface DocumentLedger {
  accessKey: string;
  status: string;
  expected: string;
  /** SENT_TO_SRI marks: one committed before every reception call. */
  marks: number;
  /** Sends made while an earlier send's answer was unknown and no authorization query came between. */
  blind: number;
  /** Authorization queries that found no record (each allows one more send). */
  notFound: number;
  /** DEVUELTA 43/70: the tax authority was sent a document it already had. */
  alreadyHad: number;
}

/**
 * Replays each document's history in order: a send (SENT_TO_SRI) is blind when the previous send
 * got no clear answer (no RECIBIDA/DEVUELTA recorded) and no authorization query answered
 * NOT_FOUND since. The mark is committed before the call, so a call cut short by a crash is in
 * the history even though its answer is not.
 */
export async function ledger(db: pg.Pool, tenantId: string): Promise<Map<string, DocumentLedger>> {
  const docs = await db.query<{ id: string; access_key: string; status: string; request: string }>(
    `select id, access_key, status, request::text from documents where tenant_id = $1`,
    [tenantId],
  );
  const history = await db.query<{
    document_id: string;
    kind: string;
    status: string | null;
    messages: string | null;
  }>(
    `select document_id, kind, status, messages from (
        select document_id, case when type = 'SENT_TO_SRI' then 'MARK' else 'REBUILT' end as kind, null as status, null as messages, created_at, id
          from document_events where tenant_id = $1 and type in ('SENT_TO_SRI', 'REBUILT')
        union all
        select document_id, operation_type, status, messages::text, created_at, id
          from sri_responses where tenant_id = $1) h
      order by document_id, created_at, id`,
    [tenantId],
  );
  const out = new Map<string, DocumentLedger>();
  const byId = new Map<string, DocumentLedger>();
  for (const d of docs.rows) {
    const directive = /"simulador","value":"([A-Z_]+)/.exec(d.request.replace(/\s/g, ''))?.[1];
    const expected =
      directive === 'DEVUELTA' ? 'RETURNED' : directive === 'NO_AUTORIZADO' ? 'NOT_AUTHORIZED' : 'AUTHORIZED';
    const entry = {
      accessKey: d.access_key,
      status: d.status,
      expected,
      marks: 0,
      blind: 0,
      notFound: 0,
      alreadyHad: 0,
    };
    out.set(d.access_key, entry);
    byId.set(d.id, entry);
  }
  let current = '';
  let sentBefore = false;
  let safe = true;
  for (const h of history.rows) {
    const doc = byId.get(h.document_id)!;
    if (h.document_id !== current) {
      current = h.document_id;
      sentBefore = false;
      safe = true;
    }
    if (h.kind === 'REBUILT') {
      sentBefore = false;
      safe = true;
    } else if (h.kind === 'MARK') {
      if (sentBefore && !safe) doc.blind++;
      doc.marks++;
      sentBefore = true;
      safe = false;
    } else if (h.kind === 'RECEPTION' && (h.status === 'RECIBIDA' || h.status === 'DEVUELTA')) {
      safe = true;
      if (h.status === 'DEVUELTA' && /"identifier":\s*"(43|70)"/.test(h.messages ?? '')) doc.alreadyHad++;
    } else if (h.kind === 'AUTHORIZATION' && h.status === 'NOT_FOUND') {
      safe = true;
      doc.notFound++;
    }
  }
  return out;
}

export async function callCounts(db: pg.Pool, tenantId: string) {
  const { rows } = await db.query<{ operation_type: string; status: string; n: number }>(
    `select operation_type, status, count(*)::int as n from sri_responses where tenant_id = $1
      group by 1, 2 order by 1, 3 desc`,
    [tenantId],
  );
  return rows;
}

/** Documents the sweep gave a new job (their job died with a killed worker), and the longest backoff. */
export async function recoveryCounts(db: pg.Pool, tenantId: string) {
  const { rows } = await db.query<{ requeued: number; longest: number | null; errors: number }>(
    `select count(*) filter (where type = 'REQUEUED')::int as requeued,
            count(*) filter (where type = 'ERROR')::int as errors,
            max((detail->>'retryInMs')::int) filter (where type = 'ERROR') as longest
       from document_events where tenant_id = $1`,
    [tenantId],
  );
  return rows[0]!;
}
