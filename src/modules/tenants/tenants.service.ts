import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { readP12 } from '../../adapters/signing/p12.js';
import type { Config } from '../../config/config.js';
import { linkBase, type RequestOrigin } from '../../config/public-url.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { emailVerificationTokens, tenants } from '../../db/tables.js';
import type { Environment, TenantScope } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { uuidv4 } from '../../shared/ids.js';
import { randomToken, type SecretBox, sha256Hex } from '../../shared/secrets.js';
import { activeIssuersOf, createFirstIssuer, firstIssuerName, toIssuerSummary } from '../issuers/index.js';
import { ALL_SCOPES, insertApiKey, revokeEnvironmentKeys } from '../keys/index.js';
import { queueEmail, verificationEmail } from '../mail/index.js';
import { listTenantEvents, recordTenantEvent } from '../tenant-events/index.js';
import type { RegisterInput } from './register-form.schemas.js';
import type { TenantViewCache } from './view-cache.js';

export type TenantRow = typeof tenants.$inferSelect;

/**
 * What other modules contribute to the tenant view and to registration, wired in deps.ts
 * (the tenants module does not import them).
 */
export interface TenantPorts {
  /** Production documents issued in the current billing period, and the period's allowance. */
  documentUsage(
    db: Executor,
    tenantId: string,
  ): Promise<{
    used: number;
    quota: number;
    period: { startsAt: Date; endsAt: Date };
  }>;
  /** Latest TERMS acceptance. */
  agreementSummary(
    db: Executor,
    tenantId: string,
  ): Promise<{ acceptedAt: Date | null; version: string | null }>;
  /** Work to queue in the registration transaction (e.g. generating agreement instances). */
  afterRegister: ((tx: Executor, tenantId: string, at: Date) => Promise<void>)[];
}

const GENERIC_RECOVERY_MESSAGE =
  'If the email and certificate match an account, a new API key is in this response and a verification email is on its way.';
const GENERIC_RESEND_MESSAGE =
  'If an account with that email is waiting for verification, a new verification email is on its way.';

export function createTenantsService(deps: {
  db: Executor;
  clock: Clock;
  config: Config;
  secrets: SecretBox;
  ports: TenantPorts;
  /** GET /v1/tenants/me's answers per tenant (view-cache.ts); absent: always read. */
  viewCache?: TenantViewCache<TenantView>;
  /** pg's statement name for `name` (Database.statementName: '' through PgBouncer 1.18); default as is. */
  statementName?: (name: string) => string;
}) {
  const { db, clock, config, secrets, ports, viewCache } = deps;

  // GET /v1/tenants/me runs on every page of the web app: its wide tenant read is built once and
  // sent as a named prepared statement (Drizzle spends a third of a millisecond building it).
  const tenantById = db
    .select()
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder('id')))
    .prepare(deps.statementName?.('tenant_by_id') ?? 'tenant_by_id');

  /** What the view adds to the tenant row; needs only the id, so it may run beside the row's read. */
  function viewParts(exec: Executor, tenantId: string) {
    // Independent reads: in a transaction its client queues them; on the pool they run side by side.
    // The quota comes with the count (one period read), not from a read of its own.
    return Promise.all([ports.agreementSummary(exec, tenantId), ports.documentUsage(exec, tenantId)]);
  }

  async function tenantView(exec: Executor, t: TenantRow) {
    return viewOf(t, await viewParts(exec, t.id));
  }

  function viewOf(t: TenantRow, [agreement, usage]: Awaited<ReturnType<typeof viewParts>>): TenantView {
    const documentCount = usage.used;
    const documentQuota = usage.quota;
    return {
      id: t.id,
      email: t.email,
      subscriptionTier: t.subscriptionTier,
      status: t.status,
      suspensionReasonCode: t.status === 'SUSPENDED' ? t.suspensionReasonCode : null,
      documentCount,
      documentQuota,
      extraSeats: t.extraSeats,
      pendingExtraSeats: t.pendingExtraSeats,
      sandbox: t.sandbox,
      agreementAcceptedAt: agreement.acceptedAt?.toISOString() ?? null,
      agreementVersion: agreement.version,
    };
  }

  /** Creates a fresh verification token and queues the email, in `tx`. */
  async function sendVerification(
    tx: Executor,
    t: Pick<TenantRow, 'id' | 'email' | 'language' | 'verificationRedirectUrl'>,
    businessName: string,
    now: Date,
    origin: RequestOrigin | undefined,
  ) {
    const token = randomToken(32);
    await tx.insert(emailVerificationTokens).values({
      tokenHash: sha256Hex(token),
      tenantId: t.id,
      email: t.email,
      expiresAt: new Date(now.getTime() + config.verificationTokenTtlHours * 3_600_000),
      createdAt: now,
    });
    // The web app's verification page, unless the API client named a page of its own.
    const base = t.verificationRedirectUrl ?? `${linkBase(config, origin)}/verify`;
    const link = `${base}${base.includes('?') ? '&' : '?'}token=${token}`;
    const mail = verificationEmail(t.language, {
      businessName,
      link,
      ttlHours: config.verificationTokenTtlHours,
    });
    await queueEmail(
      tx,
      {
        tenantId: t.id,
        kind: 'verification',
        to: t.email,
        ...mail,
        ref: { tenantId: t.id },
        secrets: { box: secrets, values: [token] },
      },
      now,
    );
  }

  async function consumeToken(token: string) {
    const now = clock.now();
    return withTransaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.tokenHash, sha256Hex(token)))
        .for('update');
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) {
        throw new AppError(
          'INVALID_OR_EXPIRED_TOKEN',
          'The verification link is unknown, already used or expired; ask for a new one',
        );
      }
      const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, row.tenantId)).for('update');
      if (!tenant || tenant.emailNormalized !== row.email.toLowerCase()) {
        throw new AppError(
          'INVALID_OR_EXPIRED_TOKEN',
          'The verification link no longer matches the account email',
        );
      }
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(eq(emailVerificationTokens.tokenHash, row.tokenHash));
      await tx
        .update(tenants)
        .set({
          emailVerifiedAt: now,
          status: tenant.status === 'PENDING_VERIFICATION' ? 'ACTIVE' : tenant.status,
          statusBeforeSuspension:
            tenant.statusBeforeSuspension === 'PENDING_VERIFICATION'
              ? 'ACTIVE'
              : tenant.statusBeforeSuspension,
        })
        .where(eq(tenants.id, tenant.id));
      await recordTenantEvent(tx, tenant.id, 'EMAIL_VERIFIED', { email: tenant.email }, now);
      const message =
        tenant.language === 'en'
          ? 'Email verified; the account is active.'
          : 'Correo verificado; la cuenta está activa.';
      return { email: tenant.email, message };
    });
  }

  return {
    tenantView: (t: TenantRow) => tenantView(db, t),

    async register(input: RegisterInput, origin?: RequestOrigin) {
      const now = clock.now();
      // Certificate errors come before any write (and before the account checks).
      const cert = readP12(input.cert, input.certPassword, now);
      const emailNormalized = input.email.toLowerCase();
      return withTransaction(db, async (tx) => {
        const clash = await tx
          .select({ email: tenants.emailNormalized, ruc: tenants.ruc })
          .from(tenants)
          .where(inArray(tenants.emailNormalized, [emailNormalized]))
          .union(
            tx
              .select({ email: tenants.emailNormalized, ruc: tenants.ruc })
              .from(tenants)
              .where(eq(tenants.ruc, input.ruc)),
          );
        if (clash.some((c) => c.email === emailNormalized))
          throw new AppError('CONFLICT', 'An account with this email already exists');
        if (clash.length) throw new AppError('CONFLICT', 'This RUC is registered under another email');

        const tenantId = uuidv4();
        const issuerId = uuidv4();
        const [tenant] = await tx
          .insert(tenants)
          .values({
            id: tenantId,
            email: input.email,
            emailNormalized,
            ruc: input.ruc,
            status: 'PENDING_VERIFICATION',
            subscriptionTier: 'FREE',
            language: input.language,
            sandbox: true,
            verificationRedirectUrl: input.verificationRedirectUrl,
            extraSeats: 0,
            createdAt: now,
          })
          .returning()
          .catch(uniqueToConflict);
        const issuer = await createFirstIssuer(
          tx,
          secrets,
          {
            tenantId,
            ruc: input.ruc,
            businessName: input.businessName,
            tradeName: input.tradeName,
            mainAddress: input.mainAddress,
            branchCode: input.branchCode,
            issuePointCode: input.issuePointCode,
            branchAddress: input.branchAddress,
            emissionType: input.emissionType,
            requiredAccounting: input.requiredAccounting,
            specialTaxpayer: input.specialTaxpayer,
            retentionAgentResolution: input.retentionAgentResolution,
            rimpeRegime: input.rimpeRegime,
            documentTypes: input.documentTypes,
            initialSequentials: input.initialSequentials,
            certificate: { p12: input.cert, password: input.certPassword, cert },
            logo: input.logo,
          },
          issuerId,
          now,
        );
        const key = await insertApiKey(tx, {
          tenantId,
          environment: 'sandbox',
          scopes: ALL_SCOPES,
          isPrimary: true,
          now,
        });
        await recordTenantEvent(
          tx,
          tenantId,
          'CERTIFICATE_UPLOADED',
          { issuerId, certFingerprint: cert.fingerprint, certExpiry: cert.notAfter.toISOString() },
          now,
        );
        await sendVerification(tx, tenant!, input.businessName, now, origin);
        for (const hook of ports.afterRegister) await hook(tx, tenantId, now);
        return {
          tenant: { ...(await tenantView(tx, tenant!)), createdAt: tenant!.createdAt.toISOString() },
          issuer: toIssuerSummary(issuer),
          apiKey: key.token,
        };
      });
    },

    /** POST /v1/recover: a key for the account's current environment when the certificate matches. */
    async recover(
      input: { cert: Buffer; certPassword: string | undefined; email: string },
      origin?: RequestOrigin,
    ) {
      const now = clock.now();
      const cert = readP12(input.cert, input.certPassword, now); // raised before any account lookup
      const generic = { matched: false as const, message: GENERIC_RECOVERY_MESSAGE };
      const [tenant] = await db
        .select()
        .from(tenants)
        .where(eq(tenants.emailNormalized, input.email.toLowerCase()));
      if (!tenant) return generic;
      const candidates = await activeIssuersOf(db, tenant.id);
      const issuer = candidates.find((i) => i.certFingerprint === cert.fingerprint);
      if (!issuer) return generic;
      if (tenant.status === 'SUSPENDED')
        throw new AppError('ACCOUNT_SUSPENDED', 'The account is suspended; contact support');
      const environment: Environment = tenant.sandbox ? 'sandbox' : 'production';
      return withTransaction(db, async (tx) => {
        await revokeEnvironmentKeys(tx, tenant.id, environment, now);
        // Outstanding verification links die with the old credentials.
        await tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(
            and(eq(emailVerificationTokens.tenantId, tenant.id), isNull(emailVerificationTokens.usedAt)),
          );
        const key = await insertApiKey(tx, {
          tenantId: tenant.id,
          environment,
          scopes: ALL_SCOPES,
          isPrimary: true,
          now,
        });
        const [updated] = await tx
          .update(tenants)
          .set({ status: 'PENDING_VERIFICATION', emailVerifiedAt: null })
          .where(eq(tenants.id, tenant.id))
          .returning();
        await recordTenantEvent(
          tx,
          tenant.id,
          'ACCOUNT_RECOVERED',
          { environment, previousStatus: tenant.status },
          now,
        );
        await sendVerification(tx, updated!, issuer.businessName, now, origin);
        const view = await tenantView(tx, updated!);
        return {
          matched: true as const,
          tenant: {
            id: view.id,
            email: view.email,
            subscriptionTier: view.subscriptionTier,
            status: view.status,
            documentQuota: view.documentQuota,
            documentCount: view.documentCount,
          },
          issuer: toIssuerSummary(issuer),
          apiKey: key.token,
          environment,
        };
      });
    },

    async checkToken(token: string) {
      const [row] = await db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.tokenHash, sha256Hex(token)));
      if (!row || row.usedAt || row.expiresAt.getTime() <= clock.now().getTime())
        return { valid: false as const };
      return { valid: true as const, email: row.email };
    },

    verify: consumeToken,

    async resendVerification(email: string, origin?: RequestOrigin) {
      const now = clock.now();
      await withTransaction(db, async (tx) => {
        const [tenant] = await tx
          .select()
          .from(tenants)
          .where(eq(tenants.emailNormalized, email.toLowerCase()))
          .for('update');
        if (!tenant || tenant.emailVerifiedAt) return;
        const businessName = await firstIssuerName(tx, tenant.id);
        await sendVerification(tx, tenant, businessName ?? tenant.email, now, origin);
      });
      return { message: GENERIC_RESEND_MESSAGE };
    },

    /**
     * GET /v1/tenants/me: from the view cache, else the row and the view's reads side by side (two
     * round trips deep). The cached object is shared by every answer: nobody mutates it.
     */
    async me(auth: TenantScope): Promise<TenantView> {
      const cached = viewCache?.get(auth.tenantId);
      if (cached) return cached;
      const version = viewCache?.version(auth.tenantId) ?? 0;
      const [[t], parts] = await Promise.all([
        tenantById.execute({ id: auth.tenantId }),
        viewParts(db, auth.tenantId),
      ]);
      if (!t) throw new AppError('UNAUTHORIZED', 'Unknown account');
      const view = viewOf(t, parts);
      viewCache?.set(auth.tenantId, view, version, parts[1].period);
      return view;
    },

    async events(auth: TenantScope) {
      const rows = await listTenantEvents(db, auth.tenantId);
      return rows.map((r) => ({
        id: r.id,
        eventType: r.eventType,
        detail: r.detail ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async setLanguage(auth: TenantScope, language: 'es' | 'en') {
      await db.update(tenants).set({ language }).where(eq(tenants.id, auth.tenantId));
      return { language };
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;

/** The tenant object of GET /v1/tenants/me (interface.md, "Tenant"). */
export interface TenantView {
  id: string;
  email: string;
  subscriptionTier: TenantRow['subscriptionTier'];
  status: TenantRow['status'];
  suspensionReasonCode: TenantRow['suspensionReasonCode'];
  documentCount: number;
  documentQuota: number;
  extraSeats: number;
  pendingExtraSeats: number | null;
  sandbox: boolean;
  agreementAcceptedAt: string | null;
  agreementVersion: string | null;
}

/** Two registrations racing on one email or RUC: the loser gets the same CONFLICT. */
function uniqueToConflict(e: { code?: string; cause?: { code?: string } }): never {
  // Drizzle wraps driver errors: the SQLSTATE sits on the cause.
  if ((e.cause?.code ?? e.code) === '23505')
    throw new AppError('CONFLICT', 'An account with this email or RUC already exists');
  throw e;
}
