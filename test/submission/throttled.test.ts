import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredTenant } from '../helpers/tenants.js';
import {
  callTrail,
  documentOf,
  eventsOf,
  issue,
  type Lifecycle,
  registerTenant,
  settle,
  sriResponsesOf,
  startLifecycle,
} from './support.js';

/**
 * Error 33 "Dirección IP sancionada" (too many calls, REFERENCE §3) in our own submission: the
 * simulator's `throttled` control answers it on autorizacionComprobante. It refuses the call, not
 * the document: THROTTLED with the message kept, an ERROR event with the transport backoff, then
 * the same document AUTHORIZED, never NOT_AUTHORIZED.
 */
let life: Lifecycle;
let t: RegisteredTenant;
beforeAll(async () => {
  life = await startLifecycle();
  t = await registerTenant(life.ctx);
}, 60_000);
afterAll(async () => life?.close());

const only = (key: string) => (k: string) => k === key;

describe('error 33 on authorization', () => {
  it('is retried with the backoff, THROTTLED recorded, and the document reaches AUTHORIZED', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'authorization', mode: 'throttled', times: 2, match: only(key) });
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:THROTTLED',
      'AUTHORIZATION:THROTTLED',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    const throttled = (await sriResponsesOf(ctx, t, key)).filter((r) => r.status === 'THROTTLED');
    expect(throttled[0]!.messages).toEqual([expect.objectContaining({ identifier: '33' })]);
    const events = await eventsOf(ctx, t, key);
    expect(events.map((e) => e.type)).not.toContain('NOT_AUTHORIZED');
    const errors = events.filter((e) => e.type === 'ERROR');
    expect(errors.map((e) => [e.detail?.operation, e.detail?.status, e.detail?.retryInMs])).toEqual([
      ['AUTHORIZATION', 'THROTTLED', 2000],
      ['AUTHORIZATION', 'THROTTLED', 4000],
    ]);
  });
});
