import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldDocumentCounts } from '../../src/modules/documents/index.js';
import { ecuadorDate, ecuadorIsoDate } from '../../src/shared/clock.js';
import { TYPE_CASES } from '../helpers/document-types.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { expectProblem } from '../issuers/fixtures.js';
import { invoiceWith, issue, type Lifecycle, settle, startLifecycle } from '../submission/support.js';

/**
 * The list at scale (docs/scaling-lists.md): the totals kept by triggers stay exactly count(*)
 * through creates, the worker's status changes, voids, multi-row statements, other tenants and
 * environments; the keyset cursor walks every order as the pages do; the summary's number and
 * counterpart. On the real pipeline: the tax authority simulator over SOAP moves the statuses.
 */
let life: Lifecycle;
let t: RegisteredTenant;
let other: RegisteredTenant;
const keys: Record<string, string> = {};
beforeAll(async () => {
  life = await startLifecycle({}, 200);
  const { ctx } = life;
  t = await registerTenant(ctx, { documentTypes: ['01', '03', '04', '05', '06', '07'] });
  other = await registerTenant(ctx);
  const today = ecuadorDate(ctx.clock.now());
  const buyers = [
    'Ana Álvarez',
    'Bruno Benítez',
    'Ana Álvarez',
    'Carla Cevallos',
    'Bruno Benítez',
    'Ana Álvarez',
  ];
  for (const [i, name] of buyers.entries()) {
    keys[`inv${i}`] = await issue(
      ctx,
      t,
      invoiceBody({ buyer: { idType: '05', id: '1710034065', name, email: 'b@example.com' } }),
    );
  }
  keys.returned = await issue(ctx, t, invoiceWith('DEVUELTA'));
  keys.refused = await issue(ctx, t, invoiceWith('NO_AUTORIZADO'));
  for (const c of TYPE_CASES) keys[c.code] = await issue(ctx, t, c.body(today));
  await issue(ctx, other);
  await issue(ctx, other);
  await settle(ctx);
});
afterAll(() => life?.close());

const list = (query = '', tenant = t) =>
  life.ctx.app.inject({ method: 'GET', url: `/v1/documents${query}`, headers: docHeaders(tenant) });

/**
 * Every counter (summary plus unfolded deltas, migrations/0910) against count(*) of the documents,
 * every table; then the same after a fold, which leaves no delta behind.
 */
async function expectCountersExact() {
  const deltas = async () =>
    (await life.ctx.query<{ n: number }>('select count(*)::int as n from document_count_deltas'))[0]!.n;
  const unfolded = await deltas();
  await compareCounters();
  expect(await foldDocumentCounts(life.ctx.deps.db)).toBe(unfolded);
  expect(await deltas()).toBe(0);
  expect(await foldDocumentCounts(life.ctx.deps.db)).toBe(0);
  await compareCounters();
}

async function compareCounters() {
  const q = life.ctx.query.bind(life.ctx);
  const counted = await q(
    `select tenant_id, issuer_id, environment, document_type, status, count(*)::int as n
       from documents group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
  );
  const kept = await q(
    `select tenant_id, issuer_id, environment, document_type, status, sum(n)::int as n
       from document_counts group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`,
  );
  expect(kept).toEqual(counted);
  const countedDays = await q(
    `select tenant_id, issuer_id, environment, issue_date::text, document_type, status, count(*)::int as n
       from documents group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
  );
  const keptDays = await q(
    `select tenant_id, issuer_id, environment, issue_date::text, document_type, status, sum(n)::int as n
       from document_day_counts group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0 order by 1, 2, 3, 4, 5, 6`,
  );
  expect(keptDays).toEqual(countedDays);
  const countedBuyers = await q(
    `select tenant_id, issuer_id, environment, buyer_name, count(*)::int as n
       from documents group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  const keptBuyers = await q(
    `select tenant_id, issuer_id, environment, buyer_name, sum(n)::int as n
       from document_buyer_counts group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`,
  );
  expect(keptBuyers).toEqual(countedBuyers);
  // Per creation day and month (UTC), for deep pages (migrations/0750).
  for (const [table, column, expr] of [
    ['document_created_counts', 'created_day', `(created_at at time zone 'UTC')::date`],
    [
      'document_created_month_counts',
      'created_month',
      `date_trunc('month', created_at at time zone 'UTC')::date`,
    ],
  ] as const) {
    const countedCreated = await q(
      `select tenant_id, issuer_id, environment, ${expr}::text as day, document_type, status, count(*)::int as n
         from documents group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
    );
    const keptCreated = await q(
      `select tenant_id, issuer_id, environment, ${column}::text as day, document_type, status, sum(n)::int as n
         from ${table} group by 1, 2, 3, 4, 5, 6 having sum(n) <> 0 order by 1, 2, 3, 4, 5, 6`,
    );
    expect([table, keptCreated]).toEqual([table, countedCreated]);
  }
  const countedThousands = await q(
    `select tenant_id, issuer_id, environment, (sequential / 1000)::int as thousand, count(*)::int as n
       from documents group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  const keptThousands = await q(
    `select tenant_id, issuer_id, environment, thousand::int, sum(n)::int as n
       from document_sequential_counts group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`,
  );
  expect(keptThousands).toEqual(countedThousands);
  expect(counted.length).toBeGreaterThan(5);
}

describe('the list totals kept by triggers', () => {
  it('equal count(*) after creates, the worker, a void, other tenants and environments, multi-row statements', async () => {
    const { ctx } = life;
    const statuses = (await ctx.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from documents where issuer_id = $1 group by 1 order by 1`,
      [t.issuerId],
    )) as { status: string; n: number }[];
    // The simulator moved them: authorized, returned and refused ones, nothing left SIGNED.
    expect(statuses.map((s) => s.status)).toEqual(['AUTHORIZED', 'NOT_AUTHORIZED', 'RETURNED']);
    // Creates and status changes wrote deltas only; the fold has not run yet (every minute).
    expect(
      (await ctx.query<{ n: number }>('select count(*)::int as n from document_count_deltas'))[0]!.n,
    ).toBeGreaterThan(0);
    await expectCountersExact();

    const voided = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${keys.inv0}/void`,
      headers: docHeaders(t),
      payload: { confirmedSriVoid: true, reason: 'anulado en el SRI' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await expectCountersExact();

    // One statement, many rows and groups: copies into production (another environment), a
    // status change across types, a move of issue dates, a delete.
    await ctx.query(
      `insert into documents
         select gen_random_uuid(), tenant_id, issuer_id, 'production', document_type,
                '8' || substr(access_key, 2), sequential, issue_date, status, buyer_id_type, buyer_id,
                buyer_name, buyer_email, total, model, request, null, request_hash, signed_xml, signed_at,
                cert_fingerprint, original_document_type, original_number, authorization_number,
                authorization_date, authorized_xml, void_reason, voided_at, email_status, email_sent_at,
                created_at, updated_at
         from documents where tenant_id in ($1, $2)`,
      [t.tenantId, other.tenantId],
    );
    await ctx.query(
      `update documents set status = case status when 'AUTHORIZED' then 'RECEIVED' else 'SIGNED' end
         where environment = 'production' and tenant_id = $1`,
      [t.tenantId],
    );
    await ctx.query(
      `update documents set issue_date = issue_date - 40, buyer_name = buyer_name || ' S.A.'
         where environment = 'production' and document_type <> '01'`,
    );
    await ctx.query(`delete from documents where environment = 'production' and tenant_id = $1`, [
      other.tenantId,
    ]);
    await expectCountersExact();
    // An update that moves nothing counted writes nothing.
    const before = await ctx.query(`select * from document_counts order by 1, 2, 3, 4, 5, 6`);
    await ctx.query(`update documents set email_status = email_status where tenant_id = $1`, [t.tenantId]);
    expect(await ctx.query(`select * from document_counts order by 1, 2, 3, 4, 5, 6`)).toEqual(before);
  });

  it('run no counter function for an update that moves no counted column, one for a status change', async () => {
    const { ctx } = life;
    const client = await ctx.deps.database.pool.connect();
    try {
      const [doc] = (
        await client.query(`select id from documents where issuer_id = $1 limit 1`, [t.issuerId])
      ).rows as { id: string }[];
      await client.query('begin');
      // Calls of our functions in this transaction (pg_stat_xact_user_functions).
      await client.query(`set local track_functions = 'pl'`);
      const calls = async () =>
        Object.fromEntries(
          (
            await client.query(
              `select funcname, calls::int from pg_stat_xact_user_functions
                where funcname in ('document_counts_add', 'document_counts_move') order by 1`,
            )
          ).rows.map((r: { funcname: string; calls: number }) => [r.funcname, r.calls]),
        );
      // What the worker's email step does (migrations/0800: the WHEN clause stops it before any call).
      await client.query(`update documents set email_status = 'SENT', updated_at = now() where id = $1`, [
        doc!.id,
      ]);
      expect(await calls()).toEqual({});
      await client.query(`update documents set status = 'VOIDED' where id = $1`, [doc!.id]);
      expect(await calls()).toEqual({ document_counts_move: 1 });
    } finally {
      await client.query('rollback');
      client.release();
    }
    await expectCountersExact();
  });

  it('let status changes of one issuer on two connections commit without waiting for each other', async () => {
    const { ctx } = life;
    // Two documents of one counter (same issuer, environment, type, status and day).
    const [first, second] = await ctx.query<{ id: string }>(
      `select unnest(ids) as id from (select (array_agg(id order by id))[1:2] as ids from documents
        group by tenant_id, issuer_id, environment, document_type, status, issue_date
        having count(*) >= 2 order by count(*) desc limit 1) g`,
    );
    expect(second, 'two documents counted in the same rows').toBeDefined();
    const held: PoolClient[] = [];
    try {
      // Two connections of different shards (backend pid modulo 8, migrations/0790).
      const pidOf = async (c: PoolClient) =>
        Number((await c.query('select pg_backend_pid() as pid')).rows[0].pid);
      let a: PoolClient | undefined;
      let b: PoolClient | undefined;
      while (!b && held.length < 16) {
        const c = await ctx.deps.database.pool.connect();
        held.push(c);
        if (!a) a = c;
        else if ((await pidOf(c)) % 8 !== (await pidOf(a)) % 8) b = c;
      }
      expect(b, 'two connections of different shards').toBeDefined();
      await a!.query('begin');
      await a!.query(`update documents set status = 'VOIDED' where id = $1`, [first!.id]);
      // The same counter rows before 0790: this waited for the first transaction's commit.
      await b!.query(`set lock_timeout = '2s'`);
      try {
        await b!.query('begin');
        await b!.query(`update documents set status = 'VOIDED' where id = $1`, [second!.id]);
      } finally {
        await b!.query('rollback');
        await b!.query('reset lock_timeout');
        await a!.query('rollback');
      }
    } finally {
      for (const c of held) c.release();
    }
    await expectCountersExact();
  });

  it('answer the list totals for every counted filter, as count(*) does', async () => {
    const { ctx } = life;
    const today = ecuadorDate(ctx.clock.now());
    const todayIso = ecuadorIsoDate(ctx.clock.now());
    const cases: [string, string, unknown[]][] = [
      ['', '', []],
      ['?status=AUTHORIZED', `and status = 'AUTHORIZED'`, []],
      ['?status=RETURNED', `and status = 'RETURNED'`, []],
      ['?documentType=07', `and document_type = '07'`, []],
      [
        '?documentType=01&status=NOT_AUTHORIZED',
        `and document_type = '01' and status = 'NOT_AUTHORIZED'`,
        [],
      ],
      [`?from=${today}`, 'and issue_date >= $3', [todayIso]],
      [
        `?from=${today}&to=${today}&status=AUTHORIZED`,
        `and issue_date = $3 and status = 'AUTHORIZED'`,
        [todayIso],
      ],
      [`?to=${today}&documentType=06`, `and issue_date <= $3 and document_type = '06'`, [todayIso]],
      ['?to=01/01/2000', 'and false', []],
      ['?buyerName=%C3%A1lvarez', `and buyer_name ilike '%álvarez%'`, []],
      ['?buyerName=%25', `and false`, []],
      [
        '?buyerName=%C3%81LVAREZ&status=AUTHORIZED',
        `and buyer_name ilike '%álvarez%' and status = 'AUTHORIZED'`,
        [],
      ],
    ];
    for (const [query, where, params] of cases) {
      const [{ n }] = (await ctx.query<{ n: number }>(
        `select count(*)::int as n from documents
           where tenant_id = $1 and issuer_id = $2 and environment = 'sandbox' ${where}`,
        [t.tenantId, t.issuerId, ...params],
      )) as [{ n: number }];
      const res = await list(query);
      expect(res.statusCode, res.body).toBe(200);
      expect([query, res.json().pagination.total]).toEqual([query, n]);
    }
    expect((await list('')).json().pagination.total).toBe(12);
    expect((await list('', other)).json().pagination.total).toBe(2);
  });
});

describe('the buyerName filter', () => {
  it('pages as SQL orders them, for a name most documents have and for a rare one', async () => {
    // 'a': most documents, read by walking the creation index; 'álvarez': a few, gathered first.
    for (const [name, limit] of [
      ['a', 4],
      ['%C3%A1lvarez', 2],
    ] as const) {
      const expected = (
        await life.ctx.query<{ access_key: string }>(
          `select access_key from documents where issuer_id = $1 and environment = 'sandbox'
             and buyer_name ilike $2 order by created_at desc, id desc`,
          [t.issuerId, `%${decodeURIComponent(name)}%`],
        )
      ).map((r) => r.access_key);
      expect(expected.length).toBeGreaterThan(limit);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / limit); page++) {
        const body = (await list(`?buyerName=${name}&limit=${limit}&page=${page}`)).json();
        expect(body.pagination.total).toBe(expected.length);
        paged.push(...body.data.map((d: { accessKey: string }) => d.accessKey));
      }
      expect(paged).toEqual(expected);
    }
  });
});

describe('the list summary', () => {
  it('carries the number and the counterpart of every type', async () => {
    const data = (await list('?limit=100')).json().data as {
      accessKey: string;
      sequential: string;
      number: string;
      buyer: { idType: string; id: string; name: string };
    }[];
    const byKey = new Map(data.map((d) => [d.accessKey, d]));
    const inv = byKey.get(keys.inv1!)!;
    expect(inv.number).toBe(`001-001-${inv.sequential}`);
    expect(inv.buyer).toEqual({ idType: '05', id: '1710034065', name: 'Bruno Benítez' });
    const rows = await life.ctx.query<{
      access_key: string;
      buyer_id_type: string;
      buyer_id: string;
      buyer_name: string;
    }>(`select access_key, buyer_id_type, buyer_id, buyer_name from documents where access_key = any($1)`, [
      TYPE_CASES.map((c) => keys[c.code]),
    ]);
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(byKey.get(r.access_key)!.buyer).toEqual({
        idType: r.buyer_id_type,
        id: r.buyer_id,
        name: r.buyer_name,
      });
    }
    // The counterpart per type: supplier (03), carrier (06), withheld subject (07).
    const models = await life.ctx.query<{ access_key: string; model: Record<string, { name: string }> }>(
      `select access_key, model from documents where access_key = any($1)`,
      [[keys['03'], keys['06'], keys['07']]],
    );
    const role: Record<string, string> = { '03': 'supplier', '06': 'carrier', '07': 'subject' };
    for (const m of models) {
      const summary = byKey.get(m.access_key)!;
      expect(summary.buyer.name).toBe(m.model[role[m.access_key.slice(8, 10)]!]!.name);
    }
    expect(models).toHaveLength(3);
  });
});

describe('the keyset cursor', () => {
  const orders = [
    '',
    '&sortBy=sequential&sortDir=asc',
    '&sortBy=sequential',
    '&sortBy=buyerName&sortDir=asc',
  ];
  orders.push(
    '&sortBy=buyerName&sortDir=desc',
    '&sortBy=issueDate&sortDir=asc',
    '&sortBy=status&sortDir=asc',
  );
  orders.push('&sortBy=status&sortDir=desc');

  it.each(orders)('walks every page of %s as page= does, in the order of the sort', async (order) => {
    const all = (await list(`?limit=100${order}`)).json();
    expect(all.nextCursor).toBeNull();
    const expected = all.data.map((d: { accessKey: string }) => d.accessKey);
    expect(expected).toHaveLength(12);
    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?limit=5${order}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      pages++;
      expect(body.pagination).toEqual({ total: 12, page: pages, limit: 5 });
      walked.push(...body.data.map((d: { accessKey: string }) => d.accessKey));
      cursor = body.nextCursor;
    } while (cursor);
    expect([pages, walked]).toEqual([3, expected]);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      paged.push(
        ...(await list(`?limit=5&page=${page}${order}`))
          .json()
          .data.map((d: { accessKey: string }) => d.accessKey),
      );
    }
    expect(paged).toEqual(expected);
    // The order itself: the sort column, then creation, both in sortDir (newest first by default).
    const m = /sortBy=(\w+)(?:&sortDir=(\w+))?/.exec(order);
    const column = {
      sequential: 'sequential',
      buyerName: 'buyer_name',
      issueDate: 'issue_date',
      status: 'status',
    }[(m?.[1] ?? '') as 'status'];
    const dir = m ? (m[2] ?? 'desc') : 'desc';
    const sorted = await life.ctx.query<{ access_key: string }>(
      `select access_key from documents where issuer_id = $1 and environment = 'sandbox'
         order by ${column ? `${column} ${dir}, ` : ''}created_at ${dir}, id ${dir}`,
      [t.issuerId],
    );
    expect(expected).toEqual(sorted.map((r) => r.access_key));
  });

  it('keeps the filters and ends with a null nextCursor', async () => {
    const first = (await list('?status=AUTHORIZED&limit=2')).json();
    const second = (await list(`?status=AUTHORIZED&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.data.every((d: { status: string }) => d.status === 'AUTHORIZED')).toBe(true);
    expect(second.pagination.page).toBe(2);
    const last = (await list(`?limit=100&sortBy=status`)).json();
    expect(last.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make, or made for another order, with VALIDATION_FAILED', async () => {
    const ofStatus = (await list('?sortBy=status&limit=2')).json().nextCursor as string;
    const forge = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    for (const [query, path] of [
      ['?cursor=not-a-cursor', 'query.cursor'],
      [`?sortBy=buyerName&cursor=${ofStatus}`, 'query.cursor'],
      [`?sortBy=status&sortDir=asc&cursor=${ofStatus}`, 'query.cursor'],
      [`?cursor=${forge([2, null, 'desc', null, '2026-02-31 10:00:00+00', id])}`, 'query.cursor'],
      [
        `?cursor=${forge([2, 'issueDate', 'desc', '2026-13-01', '2026-02-01 10:00:00+00', id])}`,
        'query.cursor',
      ],
      [
        `?sortBy=buyerName&cursor=${forge([2, 'buyerName', 'desc', 'a\u0000', '2026-02-01 10:00:00+00', id])}`,
        'query.cursor',
      ],
      [`?cursor=${forge([0, null, 'desc', null, '2026-02-01 10:00:00+00', id])}`, 'query.cursor'],
      [`?cursor=${'x'.repeat(1001)}`, 'query.cursor'],
    ] as const) {
      const p = expectProblem(await list(query), 400, 'VALIDATION_FAILED');
      expect([query, p.errors?.[0]?.path]).toEqual([query, path]);
    }
    // A well-formed cursor of this list is answered, whatever it points at.
    const fine = await list(`?cursor=${forge([2, null, 'desc', null, '2000-01-01 00:00:00+00', id])}`);
    expect([fine.statusCode, fine.json().data]).toEqual([200, []]);
  });
});
