import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitOfWork } from '../../src/db/unit-of-work.js';
import { type DocumentRow, documents } from '../../src/modules/documents/documents.tables.js';
import { creditNoteBody, docHeaders, invoiceBody } from '../helpers/documents.js';
import { fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
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

describe('credit notes and production', () => {
  it('a credit note goes the same way', async () => {
    const { ctx } = life;
    const invoice = await issue(ctx, t);
    await settle(ctx);
    const original = await documentOf(ctx, t, invoice);
    const key = await issue(
      ctx,
      t,
      creditNoteBody({ number: `001-001-${original.sequential}`, issueDate: original.issueDate }),
    );
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual(['RECEPTION:RECIBIDA', 'AUTHORIZATION:AUTORIZADO']);
  });

  it('a production tenant submits to the production environment (ambiente 2, PRODUCCIÓN)', async () => {
    const { ctx } = life;
    const tenant = await verifiedTenant(ctx);
    await ctx.query(`update tenants set sandbox = false, promoted_at = now() where id = $1`, [
      tenant.tenantId,
    ]);
    const prod = await fixtureKey(ctx, tenant, ['documents:write', 'documents:read'], {
      environment: 'production',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(tenant, prod),
      payload: invoiceBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json().document.accessKey as string;
    await settle(ctx);
    const [row] = await ctx.query<{ status: string; authorized_xml: string }>(
      'select status, authorized_xml from documents where access_key = $1',
      [key],
    );
    expect(row!.status).toBe('AUTHORIZED');
    expect(row!.authorized_xml).toContain('<ambiente>PRODUCCIÓN</ambiente>');
  });
});

describe('hooks for other modules, inside the outcome transaction', () => {
  it('onAuthorized sees the AUTHORIZED row in its transaction; a failing hook rolls the outcome back and it is retried', async () => {
    const { ctx } = life;
    const seen: string[] = [];
    let failOnce = true;
    const hook = async (uow: UnitOfWork, doc: DocumentRow) => {
      const [row] = await uow.tx.select().from(documents).where(eq(documents.id, doc.id));
      seen.push(`${doc.accessKey}:${row!.status}:${doc.authorizationNumber}`);
      if (failOnce) {
        failOnce = false;
        throw new Error('mail server down');
      }
    };
    ctx.deps.submissionHooks.onAuthorized.push(hook);
    try {
      const key = await issue(ctx, t);
      await ctx.drainJobs();
      await ctx.advance(3005);
      await ctx.drainJobs();
      expect((await documentOf(ctx, t, key)).status).toBe('RECEIVED');
      await settle(ctx);
      expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
      expect(seen).toEqual([`${key}:AUTHORIZED:${key}`, `${key}:AUTHORIZED:${key}`]);
      expect((await eventsOf(ctx, t, key)).filter((e) => e.type === 'AUTHORIZED')).toHaveLength(1);
    } finally {
      ctx.deps.submissionHooks.onAuthorized.splice(0);
    }
  });

  it('onRefused gets the outcome and the messages', async () => {
    const { ctx } = life;
    const calls: [string, string, string[]][] = [];
    ctx.deps.submissionHooks.onRefused.push(async (_tx, doc, outcome, messages) => {
      calls.push([doc.accessKey, outcome, messages.map((m) => m.identifier)]);
    });
    try {
      const returned = await issue(ctx, t, invoiceWith('DEVUELTA:37'));
      const refused = await issue(ctx, t, invoiceWith('NO_AUTORIZADO:39'));
      await settle(ctx);
      expect(calls).toEqual([
        [returned, 'RETURNED', ['37']],
        [refused, 'NOT_AUTHORIZED', ['39']],
      ]);
    } finally {
      ctx.deps.submissionHooks.onRefused.splice(0);
    }
  });
});

describe('no two runs about one document, and none left without a job', () => {
  it('a run that finds the document busy comes back later instead of acting', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    const [doc] = await ctx.query<{ id: string }>('select id from documents where access_key = $1', [key]);
    const holder = await ctx.deps.database.pool.connect();
    try {
      await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [`sri:${doc!.id}`]);
      await ctx.drainJobs();
      expect(sri.simulator.control.document(key)).toBeNull();
      expect((await documentOf(ctx, t, key)).status).toBe('SIGNED');
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      holder.release();
    }
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
  });

  it('the reconciliation sweep re-queues a SIGNED or RECEIVED document whose job is gone', async () => {
    const { ctx } = life;
    const lost = await issue(ctx, t);
    const waiting = await issue(ctx, t);
    await ctx.drainJobs();
    await ctx.query(
      `select graphile_worker.remove_job(key) from graphile_worker.jobs where key like 'sri:%'`,
    );
    const [a, b] = await Promise.all([documentOf(ctx, t, lost), documentOf(ctx, t, waiting)]);
    expect([a.status, b.status]).toEqual(['RECEIVED', 'RECEIVED']);
    await settle(ctx);
    expect((await documentOf(ctx, t, lost)).status).toBe('RECEIVED');
    const requeued = await ctx.deps.submission.sweep();
    expect(requeued).toHaveLength(2);
    expect(await ctx.deps.submission.sweep()).toEqual([]);
    await settle(ctx);
    expect((await documentOf(ctx, t, lost)).status).toBe('AUTHORIZED');
    expect((await documentOf(ctx, t, waiting)).status).toBe('AUTHORIZED');
    expect((await eventsOf(ctx, t, lost)).map((e) => e.type)).toContain('REQUEUED');
  });
});
