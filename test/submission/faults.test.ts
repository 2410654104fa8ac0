import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegisteredTenant } from '../helpers/tenants.js';
import {
  callTrail,
  documentOf,
  eventsOf,
  invoiceWith,
  issue,
  type Lifecycle,
  registerTenant,
  settle,
  sriResponsesOf,
  startLifecycle,
} from './support.js';

/** Faults of the real simulator over HTTP; every document must still end in its final state. */

let life: Lifecycle;
let t: RegisteredTenant;
beforeAll(async () => {
  life = await startLifecycle();
  t = await registerTenant(life.ctx);
});
afterAll(() => life?.close());
beforeEach(() => life.sri.simulator.control.reset());

const only = (key: string) => (k: string) => k === key;

describe('transport failures: recorded, retried with backoff, never sent again blind', () => {
  it('HTTP 500 on reception: HTTP_500 with messages null, ERROR events 2 s then 4 s, an authorization query before each resend', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'reception', mode: 'http500', times: 2, match: only(key) });
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:HTTP_500',
      'AUTHORIZATION:NOT_FOUND',
      'RECEPTION:HTTP_500',
      'AUTHORIZATION:NOT_FOUND',
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    const failures = (await sriResponsesOf(ctx, t, key)).filter((r) => r.status === 'HTTP_500');
    expect(failures.map((r) => r.messages)).toEqual([null, null]);
    const errors = (await eventsOf(ctx, t, key)).filter((e) => e.type === 'ERROR');
    expect(errors.map((e) => [e.detail?.operation, e.detail?.status, e.detail?.retryInMs])).toEqual([
      ['RECEPTION', 'HTTP_500', 2000],
      ['RECEPTION', 'HTTP_500', 4000],
    ]);
    expect(sri.simulator.control.document(key)).toMatchObject({ submissions: 3, state: 'AUTORIZADO' });
  });

  it('HTTP 500 on authorization: the document stays RECEIVED with an ERROR event, then AUTHORIZED', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'authorization', mode: 'http500', times: 1, match: only(key) });
    await ctx.drainJobs();
    await ctx.advance(3005);
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('RECEIVED');
    expect((await eventsOf(ctx, t, key)).at(-1)).toMatchObject({
      type: 'ERROR',
      detail: { operation: 'AUTHORIZATION', status: 'HTTP_500', retryInMs: 2000 },
    });
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:HTTP_500',
      'AUTHORIZATION:AUTORIZADO',
    ]);
  });

  it('time-out: HTTP_TIMEOUT, then the tax authority is asked (no record) and the document is sent again', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'reception', mode: 'timeout', times: 1, match: only(key) });
    await settle(ctx);
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:HTTP_TIMEOUT',
      'AUTHORIZATION:NOT_FOUND',
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    expect(sri.simulator.control.document(key)).toMatchObject({
      submissions: 2,
      attempts: 1,
      state: 'AUTORIZADO',
    });
  });

  it('slow answers within the time-out change nothing', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'both', mode: 'slow', delayMs: 600, times: 2, match: only(key) });
    await settle(ctx);
    expect(await callTrail(ctx, t, key)).toEqual(['RECEPTION:RECIBIDA', 'AUTHORIZATION:AUTORIZADO']);
    expect(sri.simulator.control.stats().faults.slow).toBe(2);
  });
});

describe('the lost answer: received by the tax authority, answer never arrived', () => {
  it('asks for the authorization instead of sending again: AUTHORIZED with a single submission', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'reception', mode: 'drop', times: 1, match: only(key) });
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:HTTP_CONNECTION_ERROR',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    expect(sri.simulator.control.document(key)).toMatchObject({ submissions: 1, attempts: 1 });
    expect(sri.simulator.control.stats()).toMatchObject({ receptionCalls: 1, devuelta: 0 });
  });

  it('the same with the simulator directive PERDER_RESPUESTA, while still EN PROCESO: RECEIVED, then AUTHORIZED', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t, invoiceWith('PERDER_RESPUESTA:1, EN_PROCESO:1'));
    await settle(ctx);
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:HTTP_CONNECTION_ERROR',
      'AUTHORIZATION:EN_PROCESO',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    const types = (await eventsOf(ctx, t, key)).map((e) => e.type);
    expect(types).toEqual(['CREATED', 'SENT_TO_SRI', 'ERROR', 'RECEIVED', 'AUTHORIZED']);
    expect(sri.simulator.control.document(key)?.submissions).toBe(1);
  });
});

describe('DEVUELTA 43 and 70: an earlier send got through', () => {
  async function sendBehindOurBack(key: string) {
    const [row] = await life.ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [key],
    );
    const answer = await life.ctx.deps.sri.validate('sandbox', row!.signed_xml);
    expect(answer.status).toBe('RECIBIDA');
  }

  it('43 CLAVE ACCESO REGISTRADA → RECEIVED, authorization asked at once → AUTHORIZED', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await sendBehindOurBack(key);
    await ctx.advance(1500); // the simulator has authorized it meanwhile
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    const [devuelta] = (await sriResponsesOf(ctx, t, key)).reverse();
    expect(devuelta).toMatchObject({
      operationType: 'RECEPTION',
      status: 'DEVUELTA',
      messages: [
        expect.objectContaining({ identifier: '43', message: 'CLAVE ACCESO REGISTRADA', type: 'ERROR' }),
      ],
    });
    expect((await eventsOf(ctx, t, key)).find((e) => e.type === 'RECEIVED')?.detail).toEqual({ via: '43' });
  });

  it('70 CLAVE DE ACCESO EN PROCESAMIENTO → RECEIVED, checked after the delay → AUTHORIZED', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await sendBehindOurBack(key);
    await settle(ctx);
    expect(await callTrail(ctx, t, key)).toEqual(['RECEPTION:DEVUELTA', 'AUTHORIZATION:AUTORIZADO']);
    expect((await eventsOf(ctx, t, key)).find((e) => e.type === 'RECEIVED')?.detail).toEqual({ via: '70' });
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
  });
});

describe('EN PROCESO for a while', () => {
  it('polls with a growing wait (3 s, 6 s, 12 s) until AUTORIZADO', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({
      service: 'authorization',
      mode: 'en-proceso',
      times: 3,
      match: only(key),
    });
    await settle(ctx);
    const rows = (await sriResponsesOf(ctx, t, key)).reverse();
    expect(rows.map((r) => r.status)).toEqual([
      'RECIBIDA',
      'EN_PROCESO',
      'EN_PROCESO',
      'EN_PROCESO',
      'AUTORIZADO',
    ]);
    const at = rows.map((r) => Date.parse((r as unknown as { createdAt: string }).createdAt));
    // Seconds between calls (the job queue runs on database time, the records on the clock).
    const gaps = at.slice(1).map((v, i) => Math.round((v - at[i]!) / 1000));
    expect(gaps).toEqual([3, 3, 6, 12]);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
  });
});

describe('failures and polls back off apart', () => {
  it('after a failed check, EN PROCESO polls start again from the check delay', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'authorization', mode: 'http500', times: 1, match: only(key) });
    sri.simulator.control.inject({
      service: 'authorization',
      mode: 'en-proceso',
      times: 2,
      match: only(key),
    });
    await settle(ctx);
    const rows = (await sriResponsesOf(ctx, t, key)).reverse();
    expect(rows.map((r) => r.status)).toEqual([
      'RECIBIDA',
      'HTTP_500',
      'EN_PROCESO',
      'EN_PROCESO',
      'AUTORIZADO',
    ]);
    const at = rows.map((r) => Date.parse((r as unknown as { createdAt: string }).createdAt));
    const gaps = at.slice(1).map((v, i) => Math.round((v - at[i]!) / 1000));
    expect(gaps).toEqual([3, 2, 3, 6]);
  });
});
