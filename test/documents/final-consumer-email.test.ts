import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { verifiedTenant } from '../helpers/tenants.js';

/**
 * A final consumer (07 / 9999999999999) has no email by definition: an invoice to one needs none,
 * goes all the way to AUTHORIZED with email status NONE, and no email is queued. Any other buyer
 * still needs one.
 */
let ctx: TestContext;
let sri: TestSri;
beforeAll(async () => {
  sri = await startTestSri({ authorizationDelayMs: 100 });
  ctx = await createTestContext({ sriUrl: sri.simulator.url, env: { SRI_AUTH_CHECK_DELAY_MS: '200' } });
  await ctx.startWorker();
});
afterAll(async () => {
  await ctx?.close();
  await sri?.close();
});

/** A sale of 10.00 + IVA 1.50 to a final consumer, with no email. */
function finalConsumerInvoice(email?: string) {
  return invoiceBody({
    buyer: {
      idType: '07',
      id: '9999999999999',
      name: 'CONSUMIDOR FINAL',
      ...(email === undefined ? {} : { email }),
    },
    items: [
      {
        mainCode: 'CAFE',
        description: 'Café',
        quantity: '1',
        unitPrice: '10.00',
        taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '10.00', taxAmount: '1.50' }],
      },
    ],
    payments: [{ method: '01', total: '11.50' }],
  });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('buyer.email of a final consumer', () => {
  it('is optional: the invoice is authorized, its email status is NONE and no email is queued', async () => {
    const t = await verifiedTenant(ctx);
    const created = await createDocument(ctx, t, finalConsumerInvoice());
    expect(created.statusCode, created.body).toBe(201);
    const { accessKey } = created.json().document;
    expect(created.json().document.email.status).toBe('NONE');

    const doc = await until(
      async () =>
        (
          await ctx.app.inject({ method: 'GET', url: `/v1/documents/${accessKey}`, headers: docHeaders(t) })
        ).json().document,
      (d) => d.status === 'AUTHORIZED',
    );
    expect(doc.email.status).toBe('NONE');
    // The authorization's hooks are committed with it (src/modules/submission/hooks.ts): none queued an email.
    const emails = await ctx.query(
      `select o.id from outbox_emails o join documents d on o.ref->>'documentId' = d.id::text where d.access_key = $1`,
      [accessKey],
    );
    expect(emails).toEqual([]);
    const events = await ctx.query<{ type: string }>(
      'select e.type from document_events e join documents d on d.id = e.document_id where d.access_key = $1',
      [accessKey],
    );
    expect(events.map((e) => e.type)).toContain('AUTHORIZED');
    expect(events.map((e) => e.type)).not.toContain('EMAIL_QUEUED');

    // Re-sending needs an address, then: with one it goes out.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${accessKey}/email-retry`,
      headers: docHeaders(t),
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(400);
    expect(retry.json().errors).toEqual([
      { path: 'email', message: 'is required: this document has no email address of its own' },
    ]);
    const withAddress = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${accessKey}/email-retry`,
      headers: docHeaders(t),
      payload: { email: 'cliente@example.com' },
    });
    expect(withAddress.statusCode, withAddress.body).toBe(202);
    expect(withAddress.json().document.email.status).toBe('PENDING');
  });

  it('given, it is checked and used as before', async () => {
    const t = await verifiedTenant(ctx);
    const bad = await createDocument(ctx, t, finalConsumerInvoice('not-an-email'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'buyer.email', message: 'must be a valid email address' }]);
    const good = await createDocument(ctx, t, finalConsumerInvoice('cliente@example.com'));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().document.email.status).toBe('PENDING');
  });

  it('any other buyer still needs one', async () => {
    const t = await verifiedTenant(ctx);
    const body = invoiceBody();
    delete (body.buyer as { email?: string }).email;
    const res = await createDocument(ctx, t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'buyer.email', message: 'is required and must not be blank' },
    ]);
  });
});
