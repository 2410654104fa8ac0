import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docHeaders } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, verifyTenant } from '../helpers/tenants.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { endpointFor } from '../webhooks/support.js';
import { addKeys, issueTo, supplierTenant } from './support.js';

/**
 * Status follow-up against the simulator's ConsultaComprobante: a purchase voided in the SRI
 * (the simulator's control, as SRI en línea would) is found by the daily check, marked ANULADO,
 * with a tenant event, a PURCHASE_VOIDED notification and its webhook; the retention already
 * issued on it is flagged.
 */
const DAY = 24 * 3600_000;
let lc: Lifecycle;
let buyer: RegisteredTenant;
let supplier: RegisteredTenant;
let voidedKey: string;
let keptKey: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  buyer = await supplierTenant(lc.ctx);
  supplier = await supplierTenant(lc.ctx);
  voidedKey = await issueTo(lc.ctx, supplier, '01', buyer.ruc);
  keptKey = await issueTo(lc.ctx, supplier, '01', buyer.ruc);
  await settle(lc.ctx);
  const res = await addKeys(lc.ctx, buyer.apiKey, [voidedKey, keptKey]);
  for (const r of res.json().data) ids[r.accessKey] = r.purchase.id;
  await verifyTenant(lc.ctx, buyer);
  await endpointFor(lc.ctx, buyer, 'https://localhost:9/hook', ['PURCHASE_VOIDED']);
}, 120_000);
afterAll(async () => lc?.close());

const detail = async (id: string) =>
  (await lc.ctx.app.inject({ url: `/v1/purchases/${id}`, headers: bearer(buyer.apiKey) })).json().purchase;

describe('status follow-up', () => {
  it('queues one daily check per purchase inside its voiding window', async () => {
    const jobs = await lc.ctx.query<{ key: string }>(
      `select key from graphile_worker.jobs where task_identifier = 'purchases.check-status' order by key`,
    );
    expect(jobs.map((j) => j.key).sort()).toEqual(
      [`purchase-status:${ids[voidedKey]}`, `purchase-status:${ids[keptKey]}`].sort(),
    );
  });

  it('ANULADO in the SRI: marked, event, notification, webhook, and the issued retention flagged', async () => {
    // A retention on the purchase, issued before the supplier voids the invoice.
    const draft = (
      await lc.ctx.app.inject({
        url: `/v1/purchases/${ids[voidedKey]}/retention`,
        headers: bearer(buyer.apiKey),
      })
    ).json();
    draft.body.subject.email = 'proveedor@example.com';
    draft.body.supportingDocuments[0].withholdings = [
      { code: '1', withholdingCode: '343', taxableBase: '110.00', rate: '1.00', amount: '1.10' },
    ];
    const created = await lc.ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(buyer),
      payload: draft.body,
    });
    expect(created.statusCode, created.body).toBe(201);
    await lc.ctx.drainJobs();

    lc.sri.simulator.control.setSriStatus(voidedKey, 'ANULADO');
    await lc.ctx.advance(DAY + 1000);
    const before = lc.ctx.clock.now().toISOString();
    await lc.ctx.drainJobs();
    const after = lc.ctx.clock.now().toISOString();
    const during = (at: string) => at >= before && at <= after;

    const voided = await detail(ids[voidedKey]!);
    expect(voided.sri.status).toBe('ANULADO');
    expect(during(voided.sri.voidedAt), voided.sri.voidedAt).toBe(true);
    expect(voided.retentions).toEqual([
      expect.objectContaining({ accessKey: created.json().document.accessKey, flagged: true }),
    ]);
    const kept = await detail(ids[keptKey]!);
    expect(kept.sri.status).toBe('AUTORIZADO');
    expect(during(kept.sri.checkedAt), kept.sri.checkedAt).toBe(true);

    const notes = await lc.ctx.query<{ type: string; metadata: { accessKey: string; retentions: string[] } }>(
      `select type, metadata from notifications where tenant_id = $1 and type = 'PURCHASE_VOIDED'`,
      [buyer.tenantId],
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.metadata.accessKey).toBe(voidedKey);
    expect(notes[0]!.metadata.retentions).toEqual([created.json().document.accessKey]);
    const hooks = await lc.ctx.query<{ payload: string }>(
      `select payload from webhook_deliveries where tenant_id = $1 and event = 'PURCHASE_VOIDED'`,
      [buyer.tenantId],
    );
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]!.payload).data.metadata.accessKey).toBe(voidedKey);
    const events = await lc.ctx.query(
      `select 1 from tenant_events where tenant_id = $1 and event_type = 'PURCHASE_VOIDED'`,
      [buyer.tenantId],
    );
    expect(events).toHaveLength(1);

    // The voided purchase is no longer followed; the other one is, once a day.
    const jobs = await lc.ctx.query<{ key: string }>(
      `select key from graphile_worker.jobs where task_identifier = 'purchases.check-status'`,
    );
    expect(jobs.map((j) => j.key)).toEqual([`purchase-status:${ids[keptKey]}`]);
    const list = (
      await lc.ctx.app.inject({ url: '/v1/purchases?status=ANULADO', headers: bearer(buyer.apiKey) })
    ).json();
    expect(list.data.map((p: { id: string }) => p.id)).toEqual([ids[voidedKey]]);
  }, 60_000);
});
