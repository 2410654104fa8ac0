import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEvent, PDF, subscribe, uploadProof, webKey } from '../helpers/billing.js';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestContext, TEST_MASTER_KEY, type TestContext } from '../helpers/context.js';
import { verifiedTenant } from '../helpers/tenants.js';

/**
 * The admin CLI (`npm run admin -- …`, src/admin-cli.ts) spawned against the test database, compiled
 * as production runs it (test/helpers/compiled.ts): its output and its effect.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
let ctx: TestContext;

beforeAll(async () => {
  await serverCompiled();
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [compiledEntry('admin-cli'), ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: ctx.config.databaseUrl!,
        MASTER_KEY: TEST_MASTER_KEY,
        DATA_DIR: ctx.dataDir,
        SRI_SIMULATOR: 'false',
        LOG_LEVEL: 'silent',
      },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const tierOf = async (tenantId: string) =>
  (
    await ctx.query<{ subscription_tier: string; status: string }>(
      'select subscription_tier, status from tenants where id = $1',
      [tenantId],
    )
  )[0]!;

// Each run starts a process that loads the whole service (a few seconds): few runs, long timeouts.
describe('admin CLI', { timeout: 120_000 }, () => {
  it('prints help, and refuses an unknown command', async () => {
    const [help, unknown] = await Promise.all([cli('help'), cli('payments:approve')]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('payments:verify <id>');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error BAD_REQUEST: Unknown command "payments:approve"');
  });

  it('lists payments as a table and verifies one: the tier applies in the database', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const paymentId = (await subscribe(ctx, key, 'GROWTH')).json().payment.id;
    await uploadProof(ctx, key, paymentId, PDF);
    const list = await cli('payments', 'reported');
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^ID\s+STATUS\s+PURPOSE\s+PLAN\s+TOTAL\s+TENANT\s+RUC\s+REPORTED\s+PROOFS\s+REASON$/,
    );
    expect(lines[1]).toMatch(/^-+\s+-+/);
    const row = lines.find((l) => l.startsWith(paymentId))!;
    expect(row).toMatch(
      new RegExp(`REPORTED\\s+INITIAL\\s+GROWTH MONTHLY\\s+34\\.39\\s+${t.email.slice(0, 20)}`),
    );
    const verified = await cli('payments:verify', paymentId);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/status\s+VERIFIED/);
    expect(verified.stdout).toMatch(/subscription status\s+ACTIVE/);
    expect(await tierOf(t.tenantId)).toMatchObject({ subscription_tier: 'GROWTH' });
  });

  it('rejects with a reason and a note, and refuses an unknown reason', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const paymentId = (await subscribe(ctx, key, 'STARTER')).json().payment.id;
    const [bad, res] = await Promise.all([
      cli('payments:reject', paymentId, 'BLURRY'),
      cli('payments:reject', paymentId, 'amount_mismatch', 'paid', '10.00'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('reason: must be one of AMOUNT_MISMATCH');
    expect(res.code, res.stderr).toBe(0);
    expect(await lastEvent(ctx, t.tenantId, 'PAYMENT_REJECTED')).toMatchObject({
      reasonCode: 'AMOUNT_MISMATCH',
      note: 'paid 10.00',
    });
  });

  it('finds, suspends and reinstates tenants', async () => {
    const t = await verifiedTenant(ctx, { businessName: 'Librería El Quijote' });
    const [found, suspended] = await Promise.all([
      cli('tenants', 'quijote'),
      cli('tenants:suspend', t.tenantId, 'TERMS_VIOLATION', 'spam'),
    ]);
    expect(found.stdout).toMatch(/BUSINESS NAME/);
    expect(found.stdout).toContain(t.ruc);
    expect(suspended.code, suspended.stderr).toBe(0);
    expect(suspended.stdout).toContain('SUSPENDED (TERMS_VIOLATION)');
    expect(await tierOf(t.tenantId)).toMatchObject({ status: 'SUSPENDED' });
    expect(await lastEvent(ctx, t.tenantId, 'STATUS_CHANGED')).toMatchObject({
      reasonCode: 'TERMS_VIOLATION',
      note: 'spam',
    });
    await ctx.deps.operator.tenantsAdmin.reinstate(t.tenantId, null);
  });

  it('publishes an agreement from a file, announces a price and runs a job', async () => {
    const file = path.join(ctx.dataDir, 'terms-2.0.txt');
    writeFileSync(file, 'Términos 2.0 para {{businessName}}');
    const day = new Date(Date.now() - 5 * 3_600_000 + 40 * 86_400_000).toISOString().slice(0, 10);
    const [published, announced, job] = await Promise.all([
      cli('agreements:publish', 'terms', '2.0', file),
      cli('prices:announce', 'business', 'monthly', '89.90', day),
      cli('jobs:run', 'billing:daily'),
    ]);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toContain('published TERMS 2.0');
    expect(
      await ctx.query(
        `select version from agreement_templates where document_type = 'TERMS' and version = '2.0'`,
      ),
    ).toHaveLength(1);
    expect(announced.code, announced.stderr).toBe(0);
    expect(announced.stdout).toContain('announced BUSINESS MONTHLY: USD 79.90 -> 89.90');
    expect(job.code, job.stderr).toBe(0);
    expect(job.stdout).toMatch(/billing:daily ran at .*\n[\s\S]*renewals\.opened\s+0/);
  });
});
