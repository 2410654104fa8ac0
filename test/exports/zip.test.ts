import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { authorize } from './helpers.js';

let ctx: TestContext;
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-zip-'));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every entry of a ZIP, opened with yauzl (an independent reader). */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

async function newDocument(t: RegisteredTenant): Promise<{ accessKey: string; sequential: string }> {
  const res = await createDocument(ctx, t);
  expect(res.statusCode).toBe(201);
  return res.json().document;
}

function startExport(t: RegisteredTenant, payload: object, key = t.apiKey) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/exports',
    headers: docHeaders(t, key),
    payload,
  });
}

describe('ZIP exports', () => {
  it('builds the XML of every authorized or voided document of the range in the background', async () => {
    const t = await registerTenant(ctx);
    const a = await newDocument(t);
    const b = await newDocument(t);
    await newDocument(t); // SIGNED: not in the ZIP
    const old = await newDocument(t);
    await authorize(ctx, a.accessKey);
    await authorize(ctx, b.accessKey);
    await authorize(ctx, old.accessKey);
    await ctx.query(`update documents set status = 'VOIDED' where access_key = $1`, [b.accessKey]);
    await ctx.query(`update documents set issue_date = issue_date - 40 where access_key = $1`, [
      old.accessKey,
    ]);
    const today = ecuadorDate(ctx.clock.now());

    const res = await startExport(t, { from: today, to: today, kind: 'xml' });
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json().export;
    expect(created).toMatchObject({
      kind: 'xml',
      from: today,
      to: today,
      status: 'QUEUED',
      progress: { done: 0, total: 0, percent: 0 },
      downloadUrl: null,
    });
    const jobs = await ctx.query<{ payload: { exportId: string } }>(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'documents.export-zip'`,
    );
    expect(jobs.map((j) => j.payload.exportId)).toContain(created.id);
    const early = await ctx.app.inject({
      url: `/v1/exports/${created.id}/download`,
      headers: docHeaders(t),
    });
    expect([early.statusCode, early.json().code]).toEqual([409, 'CONFLICT']);

    await ctx.drainJobs();
    const status = await ctx.app.inject({
      url: `/v1/exports/${created.id}`,
      headers: docHeaders(t),
    });
    const done = status.json().export;
    expect(done).toMatchObject({
      status: 'DONE',
      progress: { done: 2, total: 2, percent: 100 },
      downloadUrl: `/v1/exports/${created.id}/download`,
      error: null,
    });
    const zip = await ctx.app.inject({ url: done.downloadUrl, headers: docHeaders(t) });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Number(zip.headers['content-length'])).toBe(done.sizeBytes);
    const entries = await unzip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [`FACTURA-001-001-${a.sequential}.xml`, `FACTURA-001-001-${b.sequential}.xml`].sort(),
    );
    const [row] = await ctx.query<{ authorized_xml: string }>(
      'select authorized_xml from documents where access_key = $1',
      [a.accessKey],
    );
    expect(entries.get(`FACTURA-001-001-${a.sequential}.xml`)!.toString('utf8')).toBe(row!.authorized_xml);
  });

  it('builds RIDE PDFs that pdftotext reads', async () => {
    const t = await registerTenant(ctx);
    const a = await newDocument(t);
    await authorize(ctx, a.accessKey);
    const today = ecuadorDate(ctx.clock.now());
    const created = (await startExport(t, { from: today, to: today, kind: 'ride' })).json().export;
    await ctx.drainJobs();
    const zip = await ctx.app.inject({
      url: `/v1/exports/${created.id}/download`,
      headers: docHeaders(t),
    });
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="RIDE-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await unzip(zip.rawPayload);
    const pdf = entries.get(`FACTURA-001-001-${a.sequential}.pdf`)!;
    const file = path.join(dir, 'ride.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toContain(a.accessKey);
  });

  it('an empty range is a DONE export with an empty ZIP', async () => {
    const t = await registerTenant(ctx);
    const created = (await startExport(t, { from: '01/01/2020', to: '31/12/2020', kind: 'xml' })).json()
      .export;
    await ctx.drainJobs();
    const zip = await ctx.app.inject({
      url: `/v1/exports/${created.id}/download`,
      headers: docHeaders(t),
    });
    expect(zip.statusCode).toBe(200);
    expect((await unzip(zip.rawPayload)).size).toBe(0);
  });

  it('after its last attempt fails, the export is FAILED with a message and no file', async () => {
    const t = await registerTenant(ctx);
    const a = await newDocument(t);
    await authorize(ctx, a.accessKey);
    // The exports folder cannot be created: a file stands in its place.
    rmSync(path.join(ctx.dataDir, 'exports'), { recursive: true, force: true });
    writeFileSync(path.join(ctx.dataDir, 'exports'), 'not a folder');
    try {
      const today = ecuadorDate(ctx.clock.now());
      const created = (await startExport(t, { from: today, to: today, kind: 'xml' })).json().export;
      for (let i = 0; i < 3; i++) {
        await ctx.drainJobs();
        await ctx.advance(3_600_000);
      }
      const res = await ctx.app.inject({ url: `/v1/exports/${created.id}`, headers: docHeaders(t) });
      expect(res.json().export).toMatchObject({
        status: 'FAILED',
        error: 'The export could not be built; create it again',
        downloadUrl: null,
      });
      const download = await ctx.app.inject({
        url: `/v1/exports/${created.id}/download`,
        headers: docHeaders(t),
      });
      expect([download.statusCode, download.json().code]).toEqual([409, 'CONFLICT']);
    } finally {
      rmSync(path.join(ctx.dataDir, 'exports'), { force: true });
    }
  });

  it('refuses bad ranges and kinds, a key without documents:read, and another tenant', async () => {
    const t = await registerTenant(ctx);
    const cases: [object, string][] = [
      [{ from: '31/02/2026', to: '01/03/2026', kind: 'xml' }, 'from'],
      [{ from: '10/02/2026', to: '01/02/2026', kind: 'xml' }, 'from'],
      [{ from: '01/01/2025', to: '02/01/2026', kind: 'xml' }, 'to'],
      [{ from: '01/01/2026', to: '31/01/2026', kind: 'pdf' }, 'kind'],
      [{ from: '2026-01-01', to: '31/01/2026', kind: 'xml' }, 'from'],
      [{ to: '31/01/2026', kind: 'xml' }, 'from'],
    ];
    for (const [payload, field] of cases) {
      const res = await startExport(t, payload);
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    // 366 days is the limit, inclusive.
    expect((await startExport(t, { from: '01/01/2024', to: '31/12/2024', kind: 'xml' })).statusCode).toBe(
      202,
    );
    const writer = await fixtureKey(ctx, t, ['documents:write']);
    const denied = await startExport(t, { from: '01/01/2026', to: '31/01/2026', kind: 'xml' }, writer);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const created = (await startExport(t, { from: '01/01/2026', to: '31/01/2026', kind: 'xml' })).json()
      .export;
    const other = await registerTenant(ctx);
    for (const url of [`/v1/exports/${created.id}`, `/v1/exports/${created.id}/download`]) {
      const res = await ctx.app.inject({ url, headers: docHeaders(other) });
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    const bad = await ctx.app.inject({ url: '/v1/exports/not-a-uuid', headers: docHeaders(t) });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
