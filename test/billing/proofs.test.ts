import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, lastEvent, PDF, PNG, subscribe, uploadProof, verify, webKey } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function pendingPayment(): Promise<{ t: RegisteredTenant; key: string; paymentId: string }> {
  const t = await verifiedTenant(ctx);
  const key = await webKey(ctx, t);
  const res = await subscribe(ctx, key, 'STARTER');
  return { t, key, paymentId: res.json().payment.id };
}

const listProofs = (key: string, paymentId: string) =>
  ctx.app.inject({ method: 'GET', url: `/v1/payments/${paymentId}/proofs`, headers: bearer(key) });

describe('PATCH /v1/payments/:id/proof', () => {
  it('stores the proof, marks the payment REPORTED and records PAYMENT_REPORTED', async () => {
    const { t, key, paymentId } = await pendingPayment();
    const res = await uploadProof(ctx, key, paymentId, PDF, 'pago junio#1;.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.payment).toMatchObject({
      id: paymentId,
      status: 'REPORTED',
      reported_at: expect.any(String),
    });
    expect(body.proof).toEqual({
      id: expect.any(String),
      payment_id: paymentId,
      filename: 'pago junio_1_.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploaded_at: expect.any(String),
    });
    expect(await lastEvent(ctx, t.tenantId, 'PAYMENT_REPORTED')).toMatchObject({
      paymentId,
      proofId: body.proof.id,
    });
  });

  it('recognizes PNG and JPEG by their content, whatever the name or declared type', async () => {
    const { key, paymentId } = await pendingPayment();
    const png = await uploadProof(ctx, key, paymentId, PNG, 'captura.pdf');
    expect(png.json().proof.content_type).toBe('image/png');
    const jpg = await uploadProof(ctx, key, paymentId, JPEG, '');
    expect(jpg.json().proof).toMatchObject({ content_type: 'image/jpeg', filename: 'proof.jpg' });
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['an executable renamed .pdf', Buffer.from('MZ\x90\x00 this is not a pdf')],
    ['text', Buffer.from('hello')],
  ])('refuses %s with 400 INVALID_FILE_UPLOAD', async (_n, file) => {
    const { key, paymentId } = await pendingPayment();
    const res = await uploadProof(ctx, key, paymentId, file, 'proof.pdf');
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_FILE_UPLOAD']);
    expect(res.json().errors).toEqual([{ path: 'file', message: 'must be a PDF, PNG or JPEG file' }]);
  });

  it('takes exactly 5 MB and refuses one byte more, or no file at all, with 400 INVALID_FILE_UPLOAD', async () => {
    const { key, paymentId } = await pendingPayment();
    const fiveMb = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length, 0x20)]);
    expect((await uploadProof(ctx, key, paymentId, fiveMb)).statusCode).toBe(200);
    const tooBig = await uploadProof(ctx, key, paymentId, Buffer.concat([fiveMb, Buffer.from(' ')]));
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([400, 'INVALID_FILE_UPLOAD']);
    const { payload, headers } = await multipart({ note: 'no file' });
    const none = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/payments/${paymentId}/proof`,
      headers: { ...headers, ...bearer(key) },
      payload,
    });
    expect([none.statusCode, none.json().code]).toEqual([400, 'INVALID_FILE_UPLOAD']);
    const notMultipart = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/payments/${paymentId}/proof`,
      headers: bearer(key),
      payload: { file: 'x' },
    });
    expect([notMultipart.statusCode, notMultipart.json().code]).toEqual([400, 'INVALID_FILE_UPLOAD']);
    expect((await listProofs(key, paymentId)).json().proofs).toHaveLength(1);
  });

  it('clears the rejection reason when a new proof comes after a rejection', async () => {
    const { key, paymentId } = await pendingPayment();
    await uploadProof(ctx, key, paymentId);
    const rejected = await ctx.deps.billing.review.reject(paymentId, 'ILLEGIBLE_PROOF', null);
    expect(rejected.payment).toMatchObject({ status: 'REJECTED', rejection_reason_code: 'ILLEGIBLE_PROOF' });
    const again = await uploadProof(ctx, key, paymentId, PNG);
    expect(again.json().payment).toMatchObject({ status: 'REPORTED', rejection_reason_code: null });
    const stored = await ctx.query<{ rejection_reason_code: string | null }>(
      'select rejection_reason_code from payments where id = $1',
      [paymentId],
    );
    expect(stored[0]!.rejection_reason_code).toBeNull();
  });

  it('refuses a proof for a VERIFIED or REFUNDED payment with 409 CONFLICT', async () => {
    const { key, paymentId } = await pendingPayment();
    await uploadProof(ctx, key, paymentId);
    await verify(ctx, paymentId);
    const verified = await uploadProof(ctx, key, paymentId);
    expect([verified.statusCode, verified.json().code]).toEqual([409, 'CONFLICT']);
    await ctx.deps.billing.review.refund(paymentId, null);
    const refunded = await uploadProof(ctx, key, paymentId);
    expect([refunded.statusCode, refunded.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('answers 404 for another tenant’s payment and for an unknown id, 400 for a malformed one', async () => {
    const { paymentId } = await pendingPayment();
    const other = await verifiedTenant(ctx);
    const otherKey = await webKey(ctx, other);
    const foreign = await uploadProof(ctx, otherKey, paymentId);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await uploadProof(ctx, otherKey, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await uploadProof(ctx, otherKey, 'not-a-uuid');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('is web-app only (403 INTERNAL_SERVICE_ONLY), needs billing:manage (403 INSUFFICIENT_SCOPE)', async () => {
    const { t, paymentId } = await pendingPayment();
    const ordinary = await uploadProof(ctx, t.apiKey, paymentId);
    expect([ordinary.statusCode, ordinary.json().code]).toEqual([403, 'INTERNAL_SERVICE_ONLY']);
    const narrow = await fixtureKey(ctx, t, ['tenant:manage'], { internal: true });
    const scope = await uploadProof(ctx, narrow, paymentId);
    expect([scope.statusCode, scope.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });
});

describe('GET /v1/payments/:id/proofs and /proofs/:proofId', () => {
  it('lists the proofs oldest first without content, and serves each file with its content type', async () => {
    const { t, key, paymentId } = await pendingPayment();
    const a = (await uploadProof(ctx, key, paymentId, PDF, 'a.pdf')).json().proof;
    const b = (await uploadProof(ctx, key, paymentId, PNG, 'b.png')).json().proof;
    // an ordinary key with billing:manage may read them
    const list = await listProofs(t.apiKey, paymentId);
    expect(list.statusCode).toBe(200);
    expect(list.json().proofs).toEqual([a, b]);
    expect(list.body).not.toContain('content"');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/v1/payments/${paymentId}/proofs/${b.id}`,
      headers: bearer(t.apiKey),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="b.png"');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // proofs never appear in subscription responses
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/subscriptions/me',
      headers: bearer(t.apiKey),
    });
    expect(me.body).not.toContain(a.id);
  });

  it('answers 404 for another tenant’s payment or proof, and for a proof of another payment', async () => {
    const mine = await pendingPayment();
    const proof = (await uploadProof(ctx, mine.key, mine.paymentId)).json().proof;
    const other = await pendingPayment();
    const foreignList = await listProofs(other.t.apiKey, mine.paymentId);
    expect([foreignList.statusCode, foreignList.json().code]).toEqual([404, 'NOT_FOUND']);
    const foreignFile = await ctx.app.inject({
      method: 'GET',
      url: `/v1/payments/${mine.paymentId}/proofs/${proof.id}`,
      headers: bearer(other.t.apiKey),
    });
    expect(foreignFile.statusCode).toBe(404);
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: `/v1/payments/${other.paymentId}/proofs/${proof.id}`,
      headers: bearer(other.t.apiKey),
    });
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('needs billing:manage', async () => {
    const { t, paymentId } = await pendingPayment();
    const key = await fixtureKey(ctx, t, ['documents:read']);
    const res = await listProofs(key, paymentId);
    expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/v1/payments/${paymentId}/proofs/00000000-0000-4000-8000-000000000000`,
      headers: bearer(key),
    });
    expect([file.statusCode, file.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });
});
