import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { registerTenant, verifiedTenant } from '../helpers/tenants.js';
import { latestSignIn, signIn, startSignIn } from './support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const verify = (payload: object) => ctx.app.inject({ method: 'POST', url: '/v1/session/verify', payload });

describe('POST /v1/session/start', () => {
  it('answers the same for an unknown email and sends nothing', async () => {
    const t = await verifiedTenant(ctx);
    const known = await startSignIn(ctx, t.email);
    const unknown = await startSignIn(ctx, 'nobody.here@example.com');
    expect(unknown).toEqual(known);
    const rows = await ctx.query(`select 1 from outbox_emails where to_address = 'nobody.here@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it('emails a 6-digit code and a magic link in the tenant language', async () => {
    const t = await verifiedTenant(ctx, { language: 'en' });
    await startSignIn(ctx, t.email.toUpperCase());
    const mail = await latestSignIn(ctx, t.email);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your sign-in code: ${mail.code}`);
    expect(mail.text).toContain(`http://localhost:3000/signin/link?token=${mail.token}`);
    const [row] = await ctx.query<{ code_hash: string }>(
      `select code_hash from sign_in_challenges c join tenants t on t.id = c.tenant_id where t.id = $1`,
      [t.tenantId],
    );
    expect(row!.code_hash).not.toContain(mail.code);
  });

  it('sends a fresh verification email instead of a code to an unverified account', async () => {
    const t = await registerTenant(ctx);
    await startSignIn(ctx, t.email);
    const rows = await ctx.query<{ kind: string }>(
      `select kind from outbox_emails where to_address = $1 order by created_at`,
      [t.email],
    );
    expect(rows.map((r) => r.kind)).toEqual(['verification', 'verification']);
  });

  it('rejects a missing email with VALIDATION_FAILED', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/session/start', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('limits sign-in emails per mailbox (429 TOO_MANY_REQUESTS)', async () => {
    const t = await verifiedTenant(ctx);
    for (let i = 0; i < 5; i++) await startSignIn(ctx, t.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/session/start',
      payload: { email: t.email },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('POST /v1/session/verify', () => {
  it('opens a session with the code: HttpOnly session cookie and readable CSRF cookie', async () => {
    const t = await verifiedTenant(ctx);
    await startSignIn(ctx, t.email);
    const { code } = await latestSignIn(ctx, t.email);
    const res = await verify({ email: t.email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tenant).toMatchObject({ id: t.tenantId, emailVerified: true, sandbox: true });
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    const session = cookies.find((c) => c.name === 'eik_session')!;
    const csrf = cookies.find((c) => c.name === 'eik_csrf')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    const [key] = await ctx.query<{
      internal: boolean;
      scopes: string[];
      expires_at: Date;
      created_at: Date;
    }>(`select internal, scopes, expires_at, created_at from api_keys where tenant_id = $1 and internal`, [
      t.tenantId,
    ]);
    expect(key!.internal).toBe(true);
    expect(key!.scopes).toHaveLength(9);
    expect(key!.expires_at.getTime() - key!.created_at.getTime()).toBe(12 * 3_600_000);
  });

  it('opens a session with the magic link, once', async () => {
    const t = await verifiedTenant(ctx);
    await startSignIn(ctx, t.email);
    const { token } = await latestSignIn(ctx, t.email);
    expect((await verify({ token })).statusCode).toBe(200);
    const again = await verify({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('refuses a wrong code, and the code dies after 5 wrong attempts', async () => {
    const t = await verifiedTenant(ctx);
    await startSignIn(ctx, t.email);
    const { code } = await latestSignIn(ctx, t.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify({ email: t.email, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
    }
    const right = await verify({ email: t.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('refuses a code after 10 minutes', async () => {
    const t = await verifiedTenant(ctx);
    await startSignIn(ctx, t.email);
    const { code } = await latestSignIn(ctx, t.email);
    await ctx.advance(10 * 60_000 + 1000);
    const res = await verify({ email: t.email, code });
    expect(res.json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('only the newest email works', async () => {
    const t = await verifiedTenant(ctx);
    await startSignIn(ctx, t.email);
    const first = await latestSignIn(ctx, t.email);
    await startSignIn(ctx, t.email);
    expect((await verify({ token: first.token })).json().code).toBe('INVALID_OR_EXPIRED_TOKEN');
    const second = await latestSignIn(ctx, t.email);
    expect((await verify({ email: t.email, code: second.code })).statusCode).toBe(200);
  });

  it('names the missing field, and rejects a malformed code', async () => {
    const noCode = await verify({ email: 'a@example.com' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual([{ path: 'code', message: expect.any(String) }]);
    const bad = await verify({ email: 'a@example.com', code: '12ab' });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('a suspended account may sign in (reads only)', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(
      `update tenants set status = 'SUSPENDED', suspension_reason_code = 'OTHER' where id = $1`,
      [t.tenantId],
    );
    const s = await signIn(ctx, t.email);
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: s.headers(false) });
    expect(me.json().tenant.status).toBe('SUSPENDED');
    const write = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: s.headers(),
      payload: { language: 'en' },
    });
    expect(write.json().code).toBe('ACCOUNT_SUSPENDED');
  });
});
