import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextVoidCheck, voidWindowCloses } from '../../src/modules/submission/sri-void-check.js';
import { ddMmYyyyToIso } from '../../src/shared/clock.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { documentOf, eventsOf, issue, type Lifecycle, settle, startLifecycle } from './support.js';

/**
 * The SRI status follow-up of our own documents: an invoice voided in SRI en línea (the simulator's
 * control) becomes VOIDED here by itself, with its event, a DOCUMENT_VOIDED webhook and a
 * DOCUMENT_VOIDED_AT_SRI notification.
 */

let life: Lifecycle;
let t: RegisteredTenant;
let receiver: HttpsReceiver;
beforeAll(async () => {
  receiver = await startHttpsReceiver();
  life = await startLifecycle({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  t = await verifiedTenant(life.ctx);
});
afterAll(async () => {
  await life?.close();
  await receiver?.close();
});

const DAY = 86_400_000;

async function dueVoidChecks(): Promise<number> {
  const [row] = await life.ctx.query<{ n: number }>(
    `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'submission.sri-void-check'`,
  );
  return row!.n;
}

describe('an invoice voided in the SRI portal', () => {
  it('becomes VOIDED with "Anulado en el SRI", its event and a webhook, at the next check', async () => {
    const { ctx, sri } = life;
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: bearer(t.apiKey),
      payload: { url: receiver.url('/hooks/voids') },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const key = await issue(ctx, t);
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await dueVoidChecks()).toBe(1);

    const marked = await fetch(`${sri.simulator.url}/simulator/documents/${key}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'ANULADO' }),
    });
    expect(marked.status).toBe(200);
    // Not before the check: the follow-up asks a day after the authorization.
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    await ctx.advance(DAY + 60_000);
    await ctx.drainJobs();

    const doc = await documentOf(ctx, t, key);
    expect(doc).toMatchObject({ status: 'VOIDED', voidReason: 'Anulado en el SRI' });
    const voided = (await eventsOf(ctx, t, key)).find((e: { type: string }) => e.type === 'VOIDED');
    expect(voided?.detail).toEqual({ reason: 'Anulado en el SRI', source: 'SRI' });
    expect(await dueVoidChecks()).toBe(0);

    const [delivery] = await receiver.waitFor(1, (r) => r.rawBody.includes('"DOCUMENT_VOIDED"'), 20_000);
    const body = JSON.parse(delivery!.rawBody);
    expect(body).toMatchObject({
      event: 'DOCUMENT_VOIDED',
      tenantId: t.tenantId,
      data: { accessKey: key, documentType: '01', voidReason: 'Anulado en el SRI' },
    });
    expect(sri.simulator.control.stats().consultaCalls).toBe(1);

    // The owner's notice, in the account's language (Spanish by default), once.
    const list = await ctx.app.inject({ url: '/v1/notifications', headers: bearer(t.apiKey) });
    expect(list.statusCode, list.body).toBe(200);
    const notes = list
      .json()
      .notifications.filter((n: { type: string }) => n.type === 'DOCUMENT_VOIDED_AT_SRI');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      severity: 'WARNING',
      title: 'Un comprobante fue anulado en el SRI',
      metadata: { accessKey: key, documentType: '01', number: doc.number },
    });
    expect(notes[0].message).toContain(`La factura ${doc.number}`);
    expect(notes[0].message).toContain('Anulado en el SRI');
  });

  it('an invoice still authorized is checked again until its window closes, then no more', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    await settle(ctx);
    const before = sri.simulator.control.stats().consultaCalls;
    let checks = 0;
    for (let i = 0; i < 12 && (await dueVoidChecks()) > 0; i++) {
      const [next] = await ctx.query<{ ms: number }>(
        `select (extract(epoch from min(run_at) - now()) * 1000)::float8 as ms from graphile_worker.jobs
          where task_identifier = 'submission.sri-void-check'`,
      );
      await ctx.advance(Math.ceil(next!.ms) + 1000);
      await ctx.drainJobs();
      checks++;
    }
    expect(await dueVoidChecks()).toBe(0);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(sri.simulator.control.stats().consultaCalls - before).toBe(checks);
    expect(checks).toBeGreaterThanOrEqual(2);
    expect(checks).toBeLessThanOrEqual(8);
    // The last check came after the window closed.
    const issueDate = ddMmYyyyToIso((await documentOf(ctx, t, key)).issueDate as string);
    expect(ctx.clock.now().getTime()).toBeGreaterThan(voidWindowCloses(issueDate).getTime());
  });
});

describe('the void window', () => {
  it('closes after the 7th of the next month, a weekend 7th moving to Monday', () => {
    expect(voidWindowCloses('2026-03-20').toISOString()).toBe('2026-04-08T05:00:00.000Z');
    // 7 February 2026 is a Saturday: Monday the 9th is the last day.
    expect(voidWindowCloses('2026-01-20').toISOString()).toBe('2026-02-10T05:00:00.000Z');
    expect(voidWindowCloses('2026-12-15').toISOString()).toBe('2027-01-08T05:00:00.000Z');
  });

  it('is checked weekly, on its last evening and the morning after; a pending void a few days more', () => {
    const closes = voidWindowCloses('2026-03-20');
    expect(nextVoidCheck(new Date('2026-03-21T15:00:00Z'), closes, false)?.toISOString()).toBe(
      '2026-03-28T15:00:00.000Z',
    );
    expect(nextVoidCheck(new Date('2026-04-05T15:00:00Z'), closes, false)?.toISOString()).toBe(
      '2026-04-07T23:00:00.000Z',
    );
    expect(nextVoidCheck(new Date('2026-04-07T23:00:00Z'), closes, false)?.toISOString()).toBe(
      '2026-04-08T14:00:00.000Z',
    );
    expect(nextVoidCheck(new Date('2026-04-08T14:00:00Z'), closes, false)).toBeNull();
    expect(nextVoidCheck(new Date('2026-04-08T14:00:00Z'), closes, true)?.toISOString()).toBe(
      '2026-04-09T14:00:00.000Z',
    );
  });
});
