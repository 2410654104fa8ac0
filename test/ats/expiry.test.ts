import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorMonthStart, ecuadorParts } from '../../src/shared/clock.js';
import { invoiceBody } from '../helpers/documents.js';
import type { RegisteredTenant } from '../helpers/tenants.js';
import { supplierTenant } from '../purchases/support.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { atsApi, issued } from './report-support.js';

/**
 * A DONE report's file is deleted by the daily files prune (exports:prune) once past expiresAt:
 * 30 days after it was built, never before the 29th of the month after the period (Ecuador time).
 * The row stays readable; the download is refused as an expired export's is; the period rebuilds.
 */
let lc: Lifecycle;
let us: RegisteredTenant;
let other: RegisteredTenant;
let api: ReturnType<typeof atsApi>;
let period: { year: number; month: number };
const DAY = 86_400_000;

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  // The 2nd of the running month at 10:00 (Ecuador), so the invoice and the build stay in it.
  lc.ctx.clock.set(new Date(ecuadorMonthStart(lc.ctx.clock.now()).getTime() + (24 + 10) * 3_600_000));
  const p = ecuadorParts(lc.ctx.clock.now());
  period = { year: p.year, month: p.month };
  api = atsApi(lc.ctx);
  us = await supplierTenant(lc.ctx);
  other = await supplierTenant(lc.ctx);
  await issued(lc.ctx, us, invoiceBody());
  await settle(lc.ctx);
}, 120_000);

afterAll(async () => {
  await lc?.close();
});

async function built(): Promise<{ id: string; finishedAt: string; expiresAt: string; summary: unknown }> {
  const res = await api.post(us, { issuerId: us.issuerId, ...period });
  expect(res.statusCode, res.body).toBe(202);
  await lc.ctx.drainJobs();
  const report = (await api.get(us, `/v1/reports/ats/${res.json().id}`)).json();
  expect(report.status, JSON.stringify(report.problems)).toBe('DONE');
  return report;
}

async function prune(): Promise<void> {
  const utils = await lc.ctx.workerUtils();
  await utils.addJob('exports:prune', {});
  await lc.ctx.drainJobs();
  const left = await lc.ctx.query(
    `select 1 from graphile_worker.jobs where task_identifier = 'exports:prune'`,
  );
  expect(left).toEqual([]);
}

describe('an ATS file expires', () => {
  it('keeps the file until expiresAt, then deletes it: EXPIRED, readable, download 409', async () => {
    const report = await built();
    // The window closes at 00:00 of the 29th of the next month in Ecuador (05:00 UTC); built on
    // the 2nd, that is later than 30 days after the build.
    const next = period.month === 12 ? { y: period.year + 1, m: 1 } : { y: period.year, m: period.month + 1 };
    const windowClose = Date.UTC(next.y, next.m - 1, 29, 5);
    const finished = Date.parse(report.finishedAt);
    expect(windowClose).toBeGreaterThan(finished + 30 * DAY);
    expect(Date.parse(report.expiresAt)).toBe(windowClose);
    const zip = path.join(lc.ctx.dataDir, 'ats', `${report.id}.zip`);
    const xml = path.join(lc.ctx.dataDir, 'ats', `${report.id}.xml`);
    expect([existsSync(zip), existsSync(xml)]).toEqual([true, true]);

    await lc.ctx.advance(windowClose - lc.ctx.clock.now().getTime() - 60_000);
    await prune();
    expect((await api.get(us, `/v1/reports/ats/${report.id}`)).json().status).toBe('DONE');
    expect(existsSync(zip)).toBe(true);

    await lc.ctx.advance(120_000);
    await prune();
    const after = (await api.get(us, `/v1/reports/ats/${report.id}`)).json();
    expect(after).toMatchObject({
      status: 'EXPIRED',
      download: null,
      expiresAt: report.expiresAt,
      summary: report.summary,
    });
    expect([existsSync(zip), existsSync(xml)]).toEqual([false, false]);
    for (const part of ['', '?part=xml']) {
      const download = await api.get(us, `/v1/reports/ats/${report.id}/download${part}`);
      expect([download.statusCode, download.json().code]).toEqual([409, 'CONFLICT']);
      expect(download.json().detail).toContain('expired');
    }
    expect((await api.get(other, `/v1/reports/ats/${report.id}/download`)).statusCode).toBe(404);
    expect((await api.get(other, `/v1/reports/ats/${report.id}`)).statusCode).toBe(404);
  });

  it('a new request for the period builds a new file, 30 days kept once past the window', async () => {
    const report = await built();
    // Now past the period's filing window: the 30 days from the build decide.
    expect(Date.parse(report.expiresAt)).toBe(Date.parse(report.finishedAt) + 30 * DAY);
    const download = await api.get(us, `/v1/reports/ats/${report.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const list = (await api.get(us, '/v1/reports/ats')).json().data;
    expect(list.map((r: { status: string }) => r.status)).toEqual(['DONE', 'EXPIRED']);
  });
});
