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

let life: Lifecycle;
let t: RegisteredTenant;
beforeAll(async () => {
  life = await startLifecycle();
  t = await registerTenant(life.ctx);
});
afterAll(() => life?.close());

describe('create → AUTHORIZED through the real simulator', () => {
  it('submits in the background, checks after the delay, stores the authorized XML', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await settle(ctx);
    const doc = await documentOf(ctx, t, key);
    expect(doc.status).toBe('AUTHORIZED');
    expect(doc.authorizationNumber).toBe(key);
    expect(doc.authorizationDate).toMatch(/-05:00$/);
    expect(await callTrail(ctx, t, key)).toEqual(['RECEPTION:RECIBIDA', 'AUTHORIZATION:AUTORIZADO']);
    const responses = await sriResponsesOf(ctx, t, key);
    expect(responses[0]).toMatchObject({
      operationType: 'AUTHORIZATION',
      status: 'AUTORIZADO',
      messages: [],
    });
    const [row] = await ctx.query<{ authorized_xml: string }>(
      'select authorized_xml from documents where access_key = $1',
      [key],
    );
    expect(row!.authorized_xml).toContain('<estado>AUTORIZADO</estado>');
    expect(row!.authorized_xml).toContain(`<numeroAutorizacion>${key}</numeroAutorizacion>`);
    expect(row!.authorized_xml).toContain('<comprobante><![CDATA[<?xml');
    expect(row!.authorized_xml).toContain(`<claveAcceso>${key}</claveAcceso>`);
    const types = (await eventsOf(ctx, t, key)).map((e) => e.type);
    expect(types).toEqual(['CREATED', 'SENT_TO_SRI', 'RECEIVED', 'AUTHORIZED']);
    expect(life.sri.simulator.control.document(key)).toMatchObject({ submissions: 1, state: 'AUTORIZADO' });
  });
});
