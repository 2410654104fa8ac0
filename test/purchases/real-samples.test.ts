import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, fixtureKey, registerTenant } from '../helpers/tenants.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { addKeys } from './support.js';

/**
 * The real authorized documents (resources/sri-samples, seeded into the simulator as production
 * documents) reach the tenants they were addressed to, through the three entries. The tenant with
 * RUC 0102581709001 is the natural person the two real invoices name by cédula.
 */
const SAMPLES = 'resources/sri-samples/';
const FAVORITA = '1312202301179001691900122011070002060400460006816';
const TURISTICOS = '0810202301019047913700120021000000699911921739517';
const RETENTION_RUC = '1802202207139170166700120010010000811680009918810';
const SETTLEMENT = '1908202403091651386400120010020000005891234567816';
const DEBIT_NOTE = '2409202405176815841000120010110001272220000000115';
const RETENTION_V2 = '2308202407099253457500120010010000363781154101214';
const UNKNOWN = '1501202604179200003300120010010000009871234567811';

let lc: Lifecycle;
const keyOf: Record<string, string> = {};

async function productionTenant(ruc: string): Promise<string> {
  const t = await registerTenant(lc.ctx, { ruc });
  keyOf[ruc] = await fixtureKey(lc.ctx, t, ['documents:read', 'documents:write'], {
    environment: 'production',
  });
  return keyOf[ruc]!;
}

const upload = (apiKey: string, file: string) =>
  lc.ctx.app.inject({
    method: 'POST',
    url: '/v1/purchases/xml',
    headers: { ...bearer(apiKey), 'content-type': 'application/xml' },
    payload: readFileSync(`${SAMPLES}${file}`),
  });

const txt = (apiKey: string, file: string, dryRun: boolean) =>
  lc.ctx.app.inject({
    method: 'POST',
    url: `/v1/purchase-imports${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...bearer(apiKey), 'content-type': 'text/plain' },
    payload: readFileSync(`${SAMPLES}received/${file}`),
  });

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  for (const ruc of ['0102581709001', '0914250881001', '1793143709001', '1791286448001'])
    await productionTenant(ruc);
}, 60_000);
afterAll(async () => lc?.close());

describe('real received documents', () => {
  it('by key: each type reaches the tenant it names (cédula inside the RUC included)', async () => {
    const cases: [string, string, string][] = [
      ['0102581709001', TURISTICOS, '01'],
      ['0914250881001', SETTLEMENT, '03'],
      ['1793143709001', DEBIT_NOTE, '05'],
      ['1791286448001', RETENTION_V2, '07'],
    ];
    for (const [ruc, key, type] of cases) {
      const res = await addKeys(lc.ctx, keyOf[ruc]!, [key]);
      expect(res.json().data[0], key).toMatchObject({ status: 'CREATED', purchase: { documentType: type } });
    }
    const settlement = await addKeys(lc.ctx, keyOf['0914250881001']!, [SETTLEMENT]);
    expect(settlement.json().data[0].purchase).toMatchObject({
      supplier: { ruc: '0916513864001', name: 'PLUAS ESPINOZA GUIDO ROBERTO' },
      receiver: { id: '0914250881' },
      totalWithoutTaxes: '5032.00',
      total: '5032.00',
      issueDate: '19/08/2024',
      environment: 'production',
    });
    const [nd] = await lc.ctx.query<{ original_document: unknown; total: string }>(
      'select original_document, total from purchases where access_key = $1',
      [DEBIT_NOTE],
    );
    expect(nd).toEqual({
      original_document: { documentType: '01', number: '001-012-000283946', issueDate: '2024-08-20' },
      total: '0.27',
    });
    const [ret] = await lc.ctx.query<{ withholdings: { code: string }[] }>(
      'select withholdings from purchases where access_key = $1',
      [RETENTION_V2],
    );
    expect(ret!.withholdings.length).toBeGreaterThan(0);
    // Old documents: their voiding window closed long ago, nothing is followed up.
    const jobs = await lc.ctx.query(
      `select 1 from graphile_worker.jobs where task_identifier = 'purchases.check-status'`,
    );
    expect(jobs).toEqual([]);
  });

  it('a sandbox key cannot add a production key', async () => {
    const t = await registerTenant(lc.ctx, { ruc: '1791774582001' });
    const res = await addKeys(lc.ctx, t.apiKey, [TURISTICOS]);
    expect(res.json().data[0].error.code).toBe('ACCESS_KEY_ENVIRONMENT_MISMATCH');
  });

  it('XML: a signature that verifies and a key the SRI confirms count; the Favorita wrapper does not verify', async () => {
    const key = keyOf['0102581709001']!;
    const bad = await upload(key, `autorizacion_factura_${FAVORITA}.xml`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('PURCHASE_SIGNATURE_INVALID');
    const first = await upload(key, `autorizacion_factura_${TURISTICOS}.xml`);
    // Added by key above: the same purchase.
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'EXISTING', purchase: { accessKey: TURISTICOS } });
    const fresh = await upload(keyOf['1791286448001']!, `factura_v1.1.0_real_${TURISTICOS}.extracted.xml`);
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().code).toBe('PURCHASE_NOT_ADDRESSED');
    expect(fresh.json().detail).toContain('0102581709');
    expect(fresh.json().detail).toContain('1791286448001');
    const notXml = await lc.ctx.app.inject({
      method: 'POST',
      url: '/v1/purchases/xml',
      headers: { ...bearer(key), 'content-type': 'application/xml' },
      payload: '<factura><infoTributaria>',
    });
    expect(notXml.json().code).toBe('PURCHASE_XML_INVALID');
  });

  it('TXT dry run: the same rows from Latin-1 and UTF-8 with BOM, each with what would happen', async () => {
    const key = keyOf['0102581709001']!;
    const a = await txt(key, '0102581709001_Recibidos.latin1.txt', true);
    const b = await txt(key, '0102581709001_Recibidos.utf8-bom.txt', true);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().rows).toEqual(a.json().rows);
    const rows = a.json().rows as { status: string; supplierName: string; total: string | null }[];
    expect(rows.map((r) => r.status)).toEqual([
      'EXISTING',
      'NEW',
      'NOT_ADDRESSED',
      'NOT_ADDRESSED',
      'NOT_ADDRESSED',
      'NOT_ADDRESSED',
      'NEW',
      'UNKNOWN',
    ]);
    expect(rows[3]!.supplierName).toContain('Pública Metropolitana de Gestión Integral de Residuos Sólidos');
    expect(rows[1]!.total).toBe('11.22');
    expect(await lc.ctx.query('select 1 from purchases where access_key = $1', [FAVORITA])).toEqual([]);
  });

  it('TXT import: a job fetches the rows, progress on GET, every row once', async () => {
    const key = keyOf['0102581709001']!;
    const started = await txt(key, '0102581709001_Recibidos.latin1.txt', false);
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().import.id;
    expect(started.json().import).toMatchObject({ status: 'RUNNING', totalRows: 8 });
    await settle(lc.ctx);
    const done = await lc.ctx.app.inject({ url: `/v1/purchase-imports/${id}`, headers: bearer(key) });
    expect(done.json().import).toMatchObject({
      status: 'DONE',
      processedRows: 8,
      counts: { EXISTING: 1, CREATED: 2, NOT_ADDRESSED: 4, UNKNOWN: 1 },
    });
    const created = await lc.ctx.query<{ access_key: string; source: string }>(
      `select access_key, source from purchases p join tenants t on t.id = p.tenant_id
        where t.ruc = '0102581709001' order by access_key`,
    );
    expect(created).toEqual([
      { access_key: TURISTICOS, source: 'KEY' },
      { access_key: FAVORITA, source: 'TXT' },
      { access_key: RETENTION_RUC, source: 'TXT' },
    ]);
    expect(UNKNOWN).toHaveLength(49);
    const other = await lc.ctx.app.inject({
      url: `/v1/purchase-imports/${id}`,
      headers: bearer(keyOf['1793143709001']!),
    });
    expect(other.statusCode).toBe(404);
  });

  it('TXT with the wrong columns is refused as a whole', async () => {
    const res = await lc.ctx.app.inject({
      method: 'POST',
      url: '/v1/purchase-imports?dryRun=true',
      headers: { ...bearer(keyOf['0102581709001']!), 'content-type': 'text/plain' },
      payload: 'COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\n01\t001-001-000000001\t123\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PURCHASE_TXT_INVALID');
    expect(res.json().detail).toContain('RUC_EMISOR');
  });
});
