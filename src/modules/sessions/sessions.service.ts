import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config/config.js';
import { linkBase, type RequestOrigin } from '../../config/public-url.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { apiKeys, issuers, tenants } from '../../db/tables.js';
import { createSlidingWindowLimiter } from '../../rate-limit/index.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { uuidv4 } from '../../shared/ids.js';
import { constantTimeEqual, randomToken, type SecretBox, sha256Hex } from '../../shared/secrets.js';
import { ALL_SCOPES, insertApiKey, revokeSessionKey } from '../keys/index.js';
import { queueEmail } from '../mail/index.js';
import { hitLimit } from './rate-limit.js';
import { signInChallenges } from './sessions.tables.js';
import { signInEmail } from './sign-in-email.js';

/** What this service reads of its caller (never the HTTP request). */
type Caller = Pick<AuthContext, 'keyId' | 'tenantId'>;

const CHALLENGE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
export const SESSION_TTL_MS = 12 * 3_600_000;
/** Sign-in emails per mailbox per hour; the per-address limit follows REGISTRATION_RATE_LIMIT × 4. */
const STARTS_PER_EMAIL_PER_HOUR = 5;
/** Where the magic link lands in the web app. */
const MAGIC_LINK_PATH = '/signin/link';

const GENERIC_START_MESSAGE =
  'If an account uses that email, a sign-in code and link are on their way (valid for 10 minutes).';
const INVALID = () =>
  new AppError(
    'INVALID_OR_EXPIRED_TOKEN',
    'The code or link is wrong, already used or expired; ask for a new one',
  );

type TenantRow = typeof tenants.$inferSelect;

export interface SessionsDeps {
  db: Executor;
  clock: Clock;
  config: Config;
  /** Seals the code and link token of the sign-in email in the outbox. */
  secrets: SecretBox;
  /** Sends a fresh verification email (tenants service): an unverified account gets that instead of a code. */
  resendVerification(email: string, origin?: RequestOrigin): Promise<unknown>;
}

export function createSessionsService(deps: SessionsDeps) {
  const { db, clock, config } = deps;
  const hour = 3_600_000;
  const windows = createSlidingWindowLimiter({ db, clock });

  async function openSession(tx: Executor, tenant: TenantRow, now: Date) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const key = await insertApiKey(tx, {
      tenantId: tenant.id,
      environment: tenant.sandbox ? 'sandbox' : 'production',
      scopes: ALL_SCOPES,
      label: 'Web app session',
      internal: true,
      expiresAt,
      now,
    });
    return { token: key.token, expiresAt, tenant: sessionTenant(tenant) };
  }

  /** Consumes the challenge and opens a session, refusing accounts that lost their verification since. */
  async function consume(tx: Executor, challengeId: string, tenantId: string, now: Date) {
    await tx.update(signInChallenges).set({ usedAt: now }).where(eq(signInChallenges.id, challengeId));
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw INVALID();
    if (!tenant.emailVerifiedAt)
      throw new AppError('EMAIL_VERIFICATION_REQUIRED', 'Verify your email address before signing in');
    return openSession(tx, tenant, now);
  }

  return {
    /** POST /v1/session/start: always the same answer, whether or not the email has an account. */
    async start(email: string, ip: string, origin?: RequestOrigin) {
      const now = clock.now();
      const normalized = email.trim().toLowerCase();
      const perIp = config.registrationRateLimit.max * 4;
      await hitLimit(windows, { bucket: 'session-ip', max: perIp, windowMs: hour }, ip);
      await hitLimit(
        windows,
        { bucket: 'session-email', max: STARTS_PER_EMAIL_PER_HOUR, windowMs: hour },
        normalized,
      );
      const [tenant] = await db.select().from(tenants).where(eq(tenants.emailNormalized, normalized));
      if (!tenant) return { message: GENERIC_START_MESSAGE };
      if (!tenant.emailVerifiedAt) {
        // Verification first (decided in docs/webapp.md): the link in that email proves the mailbox.
        await deps.resendVerification(tenant.email, origin);
        return { message: GENERIC_START_MESSAGE };
      }
      await withTransaction(db, async (tx) => {
        // Only the newest email works: earlier codes and links die here.
        await tx
          .update(signInChallenges)
          .set({ usedAt: now })
          .where(and(eq(signInChallenges.tenantId, tenant.id), isNull(signInChallenges.usedAt)));
        const id = uuidv4();
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const linkToken = randomToken(32);
        await tx.insert(signInChallenges).values({
          id,
          tenantId: tenant.id,
          codeHash: sha256Hex(`${id}:${code}`),
          linkHash: sha256Hex(linkToken),
          attempts: 0,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
          createdAt: now,
        });
        const [issuer] = await tx
          .select({ businessName: issuers.businessName })
          .from(issuers)
          .where(eq(issuers.tenantId, tenant.id))
          .limit(1);
        const mail = signInEmail(tenant.language, {
          businessName: issuer?.businessName ?? tenant.email,
          code,
          link: `${linkBase(config, origin)}${MAGIC_LINK_PATH}?token=${linkToken}`,
          ttlMinutes: CHALLENGE_TTL_MS / 60_000,
        });
        await queueEmail(
          tx,
          {
            tenantId: tenant.id,
            kind: 'sign-in',
            to: tenant.email,
            ...mail,
            ref: { tenantId: tenant.id },
            secrets: { box: deps.secrets, values: [code, linkToken] },
          },
          now,
        );
      });
      return { message: GENERIC_START_MESSAGE };
    },

    /** The code typed on the page: the newest open challenge of that email, 5 attempts. */
    async verifyCode(email: string, code: string) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .select({ challenge: signInChallenges })
          .from(signInChallenges)
          .innerJoin(tenants, eq(tenants.id, signInChallenges.tenantId))
          .where(
            and(eq(tenants.emailNormalized, email.trim().toLowerCase()), isNull(signInChallenges.usedAt)),
          )
          .orderBy(desc(signInChallenges.createdAt))
          .limit(1)
          .for('update', { of: signInChallenges });
        const challenge = row?.challenge;
        if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) throw INVALID();
        if (!constantTimeEqual(challenge.codeHash, sha256Hex(`${challenge.id}:${code}`))) {
          const attempts = challenge.attempts + 1;
          await tx
            .update(signInChallenges)
            .set({ attempts, usedAt: attempts >= MAX_CODE_ATTEMPTS ? now : null })
            .where(eq(signInChallenges.id, challenge.id));
          return { failed: true as const };
        }
        return { failed: false as const, ...(await consume(tx, challenge.id, challenge.tenantId, now)) };
      }).then((result) => {
        // The failed attempt is committed before the error is raised.
        if (result.failed) throw INVALID();
        return result;
      });
    },

    /** The magic link's token (single use, same lifetime as the code). */
    async verifyLink(token: string) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const [challenge] = await tx
          .select()
          .from(signInChallenges)
          .where(eq(signInChallenges.linkHash, sha256Hex(token.toLowerCase())))
          .for('update');
        if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime()) throw INVALID();
        return consume(tx, challenge.id, challenge.tenantId, now);
      });
    },

    /** A fresh session key for the account's current environment (after going to production). */
    async refresh(auth: Caller) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        await revoke(tx, auth, now);
        const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, auth.tenantId));
        if (!tenant) throw new AppError('UNAUTHORIZED', 'Unknown account');
        return openSession(tx, tenant, now);
      });
    },

    async logout(auth: Caller) {
      await revoke(db, auth, clock.now());
    },

    async describe(auth: Caller) {
      const [row] = await db
        .select({ key: apiKeys, tenant: tenants })
        .from(apiKeys)
        .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
        .where(eq(apiKeys.id, auth.keyId));
      if (!row) throw new AppError('UNAUTHORIZED', 'Unknown session');
      return {
        session: {
          environment: row.key.environment,
          internal: row.key.internal,
          expiresAt: row.key.expiresAt?.toISOString() ?? null,
        },
        tenant: sessionTenant(row.tenant),
      };
    },
  };
}

async function revoke(db: Executor, auth: Caller, now: Date) {
  await revokeSessionKey(db, auth.keyId, now);
}

function sessionTenant(t: TenantRow) {
  return {
    id: t.id,
    email: t.email,
    status: t.status,
    sandbox: t.sandbox,
    language: t.language,
    emailVerified: t.emailVerifiedAt !== null,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
