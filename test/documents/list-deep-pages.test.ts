import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate, ecuadorIsoDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

/**
 * Deep pages located from the counters (src/modules/documents/list-deep-pages.ts,
 * docs/scaling-lists.md): past 5,000 rows in, a page starts at the creation day, status, issue
 * date, buyer name or thousand of sequentials the counters point at, and the default order inside an issue-date range is
 * merged day by day. Every page must be the one `order by … offset … limit` gives, including
 * pages that run across a group's edge, with the counters kept by the triggers.
 */
let ctx: TestContext;
let t: RegisteredTenant;
const N = 24_000;

beforeAll(async () => {
  ctx = await createTestContext();
  t = await registerTenant(ctx);
  const first = await createDocument(ctx, t, invoiceBody());
  expect(first.statusCode, first.body).toBe(201);
  // Copies of the real document over 100 days before the test clock's now (one every 6 minutes),
  // issue dates 0-3 days before creation, three statuses, two types, 50 buyer names.
  await ctx.query(
    `insert into documents (id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
       issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
       request_hash, signed_xml, signed_at, cert_fingerprint, created_at, updated_at)
     select gen_random_uuid(), d.tenant_id, d.issuer_id, d.environment, case when g % 7 = 0 then '04' else '01' end,
       '9' || lpad(g::text, 48, '0'), 1000 + g,
       ((c.at at time zone 'America/Guayaquil')::date - (g % 4)),
       case when g % 10 < 5 then 'AUTHORIZED' when g % 10 < 7 then 'NOT_AUTHORIZED' else 'RETURNED' end,
       d.buyer_id_type, d.buyer_id, 'Comprador ' || lpad(((g * 7) % 50)::text, 2, '0'), d.buyer_email,
       d.total, d.model, d.request, d.request_hash, d.signed_xml, d.signed_at, d.cert_fingerprint, c.at, c.at
     from documents d, generate_series(1, $2::int) g,
       lateral (select $3::timestamptz - g * interval '6 minutes' as at) c
     where d.access_key = $1`,
    [first.json().document.accessKey, N - 1, ctx.clock.now().toISOString()],
  );
  await ctx.query('analyze documents');
}, 120_000);
afterAll(() => ctx?.close());

const COLUMNS: Record<string, string> = {
  sequential: 'sequential',
  buyerName: 'buyer_name',
  issueDate: 'issue_date',
  status: 'status',
};

/** The access keys of rows `offset ..` of the list's order, as SQL gives them. */
async function expectedPage(where: string, params: unknown[], order: string, offset: number, limit: number) {
  const m = /sortBy=(\w+)(?:&sortDir=(\w+))?/.exec(order);
  const dir = m ? (m[2] ?? 'desc') : 'desc';
  const sort = m ? `${COLUMNS[m[1]!]} ${dir}, ` : '';
  const rows = await ctx.query<{ access_key: string }>(
    `select access_key from documents where tenant_id = $1 and issuer_id = $2 and environment = 'sandbox' ${where}
       order by ${sort}created_at ${dir}, id ${dir} offset ${offset} limit ${limit}`,
    [t.tenantId, t.issuerId, ...params],
  );
  return rows.map((r) => r.access_key);
}

describe('a deep page located from the counters', () => {
  const today = () => ecuadorDate(ctx.clock.now());
  const cases: [string, string, string, () => unknown[]][] = [
    ['the default order', '', '', () => []],
    ['status', 'status=AUTHORIZED', `and status = 'AUTHORIZED'`, () => []],
    ['documentType', 'documentType=01', `and document_type = '01'`, () => []],
    ['sortBy status asc', 'sortBy=status&sortDir=asc', '', () => []],
    ['sortBy status desc', 'sortBy=status&sortDir=desc', '', () => []],
    [
      'sortBy status + documentType',
      'sortBy=status&sortDir=asc&documentType=01',
      `and document_type = '01'`,
      () => [],
    ],
    ['sortBy issueDate asc', 'sortBy=issueDate&sortDir=asc', '', () => []],
    [
      'sortBy issueDate desc + status',
      'sortBy=issueDate&status=AUTHORIZED',
      `and status = 'AUTHORIZED'`,
      () => [],
    ],
    ['sortBy buyerName asc', 'sortBy=buyerName&sortDir=asc', '', () => []],
    ['sortBy buyerName desc', 'sortBy=buyerName&sortDir=desc', '', () => []],
    ['sortBy sequential asc', 'sortBy=sequential&sortDir=asc', '', () => []],
    ['sortBy sequential desc', 'sortBy=sequential&sortDir=desc', '', () => []],
    [
      'an issue-date range, day by day',
      'to=TODAY',
      'and issue_date <= $3',
      () => [ecuadorIsoDate(ctx.clock.now())],
    ],
  ];

  it.each(cases)('is the page SQL gives: %s', async (_name, query, where, params) => {
    const q = query.replace('TODAY', today());
    const p = params();
    // 97: pages that do not line up with the groups' edges, so that some run across one.
    const limit = 97;
    const [{ n }] = (await ctx.query<{ n: number }>(
      `select count(*)::int as n from documents where tenant_id = $1 and issuer_id = $2 and environment = 'sandbox' ${where}`,
      [t.tenantId, t.issuerId, ...p],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(10_000);
    // Every third page from 5,000 rows in to 5,000 rows before the end (read from there): 291 rows
    // apart, so the pages fall at every position against a creation day's 240 rows, a buyer name's
    // 480 and a thousand of sequentials, many across an edge. For sortBy=status, the pages across
    // each status's edge too.
    const pages = new Set<number>();
    for (let page = Math.floor(5000 / limit) + 2; page * limit <= n - 5000; page += 3) pages.add(page);
    if (q.includes('sortBy=status')) {
      const groups = await ctx.query<{ n: number }>(
        `select count(*)::int as n from documents where tenant_id = $1 and issuer_id = $2
           and environment = 'sandbox' ${where} group by status order by status ${q.includes('asc') ? 'asc' : 'desc'}`,
        [t.tenantId, t.issuerId, ...p],
      );
      let edge = 0;
      for (const g of groups) {
        edge += g.n;
        if (edge > 5000 && edge < n - 5000) pages.add(Math.floor((edge - 1) / limit) + 1);
      }
      expect(groups.length).toBe(4); // and the first document, still SIGNED
    }
    expect(pages.size).toBeGreaterThan(5);
    for (const page of pages) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/documents?${q}&limit=${limit}&page=${page}`,
        headers: docHeaders(t),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.pagination.total).toBe(n);
      const got = body.data.map((d: { accessKey: string }) => d.accessKey);
      expect([page, got]).toEqual([page, await expectedPage(where, p, q, (page - 1) * limit, limit)]);
    }
  });
});
