import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_EXPIRY_JOB } from '../../src/modules/notifications/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { inTransaction } from '../helpers/notifications.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  // The coming 10:00 in Ecuador, relative to the real date: registration checks the certificate (made
  // from the real time, valid from a day ago) against this clock, so a fixed date would expire.
  const start = new Date();
  start.setUTCHours(15, 0, 0, 0);
  if (start.getTime() <= Date.now()) start.setUTCDate(start.getUTCDate() + 1);
  ctx = await createTestContext({ start });
});
afterAll(async () => ctx?.close());

async function setExpiry(t: RegisteredTenant, expiry: Date, issuerId = t.issuerId) {
  await ctx.query('update issuers set cert_expiry = $1 where id = $2', [expiry, issuerId]);
}
const check = () => ctx.deps.notifications.certificateExpiryCheck(ctx.clock.now());
async function certRows(t: RegisteredTenant) {
  return ctx.query<{
    id: string;
    type: string;
    severity: string;
    metadata: Record<string, unknown>;
    read_at: Date | null;
    expires_at: Date | null;
    updated_at: Date;
    title: string;
    message: string;
  }>(
    `select id, type, severity, metadata, read_at, expires_at, updated_at, title, message from notifications
     where tenant_id = $1 and type in ('CERT_EXPIRING', 'CERT_EXPIRED') order by id`,
    [t.tenantId],
  );
}
const listed = async (t: RegisteredTenant) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })).json()
    .notifications as { id: string; type: string }[];

describe('certificateExpiryCheck', () => {
  it('moves one row per issuer from WARNING to ERROR to EXPIRED, in place, as the days pass', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const expiry = new Date(ctx.clock.now().getTime() + 20 * DAY);
    await setExpiry(t, expiry);
    await check();
    let [row] = await certRows(t);
    expect(row).toMatchObject({ type: 'CERT_EXPIRING', severity: 'WARNING', read_at: null });
    expect(row!.metadata).toEqual({
      issuerId: t.issuerId,
      certExpiry: expiry.toISOString(),
      daysRemaining: 20,
      branchCode: '001',
      issuePointCode: '001',
    });
    expect(row!.title).toBe('Your signing certificate expires soon');
    expect(row!.message).toContain('issuer 001-001 expires in 20 days');
    const id = row!.id;

    // Same day again: nothing changes (no update, no webhook).
    await check();
    expect((await certRows(t))[0]!.updated_at).toEqual(row!.updated_at);

    ctx.clock.advance(12 * DAY);
    await check();
    [row] = await certRows(t);
    expect(row).toMatchObject({ id, type: 'CERT_EXPIRING', severity: 'WARNING' });
    expect(row!.metadata.daysRemaining).toBe(8);

    ctx.clock.advance(DAY);
    await check();
    [row] = await certRows(t);
    expect(row).toMatchObject({ id, type: 'CERT_EXPIRING', severity: 'ERROR' });
    expect(row!.metadata.daysRemaining).toBe(7);

    ctx.clock.advance(8 * DAY);
    await check();
    const all = await certRows(t);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id, type: 'CERT_EXPIRED', severity: 'ERROR', read_at: null });
    expect(all[0]!.metadata).toMatchObject({ daysRemaining: 0, certExpiry: expiry.toISOString() });
    expect(all[0]!.title).toBe('Your signing certificate has expired');
    expect((await listed(t)).map((n) => n.id)).toEqual([id]);
  });

  it('creates nothing for certificates more than 30 days away, and alerts at 30', async () => {
    const t = await registerTenant(ctx);
    await setExpiry(t, new Date(ctx.clock.now().getTime() + 31 * DAY));
    await check();
    expect(await certRows(t)).toHaveLength(0);
    ctx.clock.advance(DAY);
    await check();
    const [row] = await certRows(t);
    expect(row).toMatchObject({ type: 'CERT_EXPIRING', severity: 'WARNING' });
    expect(row!.metadata.daysRemaining).toBe(30);
    expect(row!.title).toBe('Tu certificado de firma vence pronto');
  });

  it('treats a read alert as acknowledged until the alert changes stage', async () => {
    const t = await registerTenant(ctx);
    await setExpiry(t, new Date(ctx.clock.now().getTime() + 10 * DAY));
    await check();
    const [warning] = await certRows(t);
    await ctx.app.inject({
      method: 'POST',
      url: `/v1/notifications/${warning!.id}/read`,
      headers: bearer(t.apiKey),
    });
    ctx.clock.advance(DAY);
    await check();
    expect(await certRows(t)).toHaveLength(1);
    ctx.clock.advance(2 * DAY); // 7 days left: ERROR
    await check();
    const rows = await certRows(t);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ type: 'CERT_EXPIRING', severity: 'ERROR', read_at: null });
    expect(rows.filter((r) => r.read_at === null)).toHaveLength(1);
  });

  it('dismisses an unread alert whose issuer meanwhile got a certificate far from expiry', async () => {
    const t = await registerTenant(ctx);
    await setExpiry(t, new Date(ctx.clock.now().getTime() + 5 * DAY));
    await check();
    await setExpiry(t, new Date(ctx.clock.now().getTime() + 400 * DAY));
    const summary = await check();
    expect(summary.dismissed).toBeGreaterThanOrEqual(1);
    const [row] = await certRows(t);
    expect(row!.read_at).not.toBeNull();
    expect(row!.expires_at).not.toBeNull();
    expect(await listed(t)).toEqual([]);
  });

  it('runs as the job the crontab names', async () => {
    const t = await registerTenant(ctx);
    await setExpiry(t, new Date(ctx.clock.now().getTime() + 3 * DAY));
    await ctx.query(`select graphile_worker.add_job($1, '{}'::json)`, [CERT_EXPIRY_JOB]);
    await ctx.drainJobs();
    const [row] = await certRows(t);
    expect(row).toMatchObject({ type: 'CERT_EXPIRING', severity: 'ERROR' });
    expect(row!.metadata.daysRemaining).toBe(3);
  });
});

describe('certificateRenewed', () => {
  const renew = (t: RegisteredTenant, expiry: Date) =>
    inTransaction(ctx, (tx) =>
      ctx.deps.notifications.certificateRenewed(tx, t.issuerId, expiry, ctx.clock.now()),
    );

  it('dismisses the alert (read and expired now) when the new certificate leaves more than 30 days', async () => {
    const t = await registerTenant(ctx);
    await setExpiry(t, new Date(ctx.clock.now().getTime() - DAY));
    await check();
    expect((await certRows(t))[0]!.type).toBe('CERT_EXPIRED');
    const result = await renew(t, new Date(ctx.clock.now().getTime() + 365 * DAY));
    expect(result?.created).toBe(false);
    expect(Math.abs(Date.parse(result!.notification.readAt!) - ctx.clock.now().getTime())).toBeLessThan(5000);
    expect(result?.notification.expiresAt).toBe(result?.notification.readAt);
    expect(await listed(t)).toEqual([]);
    // Nothing left to dismiss: a second renewal does nothing.
    expect(await renew(t, new Date(ctx.clock.now().getTime() + 365 * DAY))).toBeNull();
  });

  it('updates the alert in place when the new certificate is itself within 30 days', async () => {
    const t = await registerTenant(ctx);
    await setExpiry(t, new Date(ctx.clock.now().getTime() + 2 * DAY));
    await check();
    const [before] = await certRows(t);
    const newExpiry = new Date(ctx.clock.now().getTime() + 20 * DAY);
    const result = await renew(t, newExpiry);
    expect(result?.notification.id).toBe(before!.id);
    expect(result?.notification).toMatchObject({ type: 'CERT_EXPIRING', severity: 'WARNING' });
    expect(result?.notification.metadata).toMatchObject({
      certExpiry: newExpiry.toISOString(),
      daysRemaining: 20,
    });
    expect(await certRows(t)).toHaveLength(1);
  });
});
