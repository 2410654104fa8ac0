import { expect } from 'vitest';
import type { TestContext } from '../helpers/context.js';
import { latestEmail } from '../helpers/mail.js';

/** The newest sign-in email to `email`: its code and magic-link token, as a user reads them. */
export async function latestSignIn(ctx: TestContext, email: string) {
  const mail = await latestEmail(ctx, 'sign-in', email);
  const text = mail?.text ?? '';
  const code = /(?:is|es) (\d{6})\./.exec(text)?.[1];
  const token = /\/signin\/link\?token=([0-9a-f]{64})/.exec(text)?.[1];
  if (!code || !token) throw new Error(`no sign-in email for ${email}`);
  return { code, token, subject: mail!.subject, text };
}

export async function startSignIn(ctx: TestContext, email: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/session/start', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export interface Session {
  token: string;
  csrf: string;
  /** Headers of a cookie-authenticated request (with the CSRF header for unsafe methods). */
  headers(withCsrf?: boolean): Record<string, string>;
}

/** Signs in with the emailed code and returns the cookies the browser would hold. */
export async function signIn(ctx: TestContext, email: string): Promise<Session> {
  await startSignIn(ctx, email);
  const { code } = await latestSignIn(ctx, email);
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/session/verify', payload: { email, code } });
  expect(res.statusCode, res.body).toBe(200);
  return sessionFrom(res.cookies as { name: string; value: string }[]);
}

function sessionFrom(cookies: { name: string; value: string }[]): Session {
  const token = cookies.find((c) => c.name === 'eik_session')?.value;
  const csrf = cookies.find((c) => c.name === 'eik_csrf')?.value;
  if (!token || !csrf) throw new Error('no session cookies set');
  return {
    token,
    csrf,
    headers(withCsrf = true) {
      return {
        cookie: `eik_session=${token}; eik_csrf=${csrf}`,
        ...(withCsrf ? { 'x-csrf-token': csrf } : {}),
      };
    },
  };
}
