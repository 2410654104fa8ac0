import type { Logger } from 'pino';
import { createFileMailer, createSmtpMailer, type Mailer } from './adapters/mail/mailer.js';
import { createSriClient } from './adapters/sri/index.js';
import type { Config } from './config/config.js';
import type { Database, Executor } from './db/pool.js';
import type { JobDefinition } from './jobs/queue.js';
import {
  createJobRunner,
  createPaymentsAdminService,
  createTenantsAdminService,
  type OperatorServices,
} from './modules/admin/index.js';
import { createAgreementsModule } from './modules/agreements/index.js';
import { createAtsModule } from './modules/ats/index.js';
import { BILLING_CRONTAB, createBillingModule, subscriptionQuotaPeriod } from './modules/billing/index.js';
import { createHolidaysService } from './modules/catalogs/index.js';
import { createCustomersService } from './modules/customers/index.js';
import { createDeliveryService, registerDocumentEmailHooks } from './modules/delivery/index.js';
import {
  authorizedFacts,
  createDocumentDryRun,
  createDocumentExtrasService,
  createDocumentsService,
  createFoldCountsJob,
  createQuota,
  DOCUMENTS_CRONTAB,
  type QuotaHooks,
  refusedFacts,
} from './modules/documents/index.js';
import { createExportJobs, createExportsService, EXPORTS_CRONTAB } from './modules/exports/index.js';
import { createIssuersService, createSigningKeyCache, issuerOwnerLookup } from './modules/issuers/index.js';
import { AuthCache, createKeysService, UsageRecorder } from './modules/keys/index.js';
import { createOutboxHooks, createSendEmailJob } from './modules/mail/index.js';
import {
  CERT_EXPIRY_JOB,
  createNotificationsService,
  NOTIFICATIONS_CRONTAB,
} from './modules/notifications/index.js';
import { createProductsService } from './modules/products/index.js';
import { createPurchaseSriPort, createPurchasesModule } from './modules/purchases/index.js';
import {
  createRequestLogPruneJob,
  createRequestLogService,
  REQUEST_LOG_CRONTAB,
  RequestLogRecorder,
} from './modules/request-log/index.js';
import { createSessionsService } from './modules/sessions/index.js';
import { createSharingService } from './modules/sharing/index.js';
import { createSubmissionModule, type SubmissionHooks } from './modules/submission/index.js';
import {
  createRegistrationLimiter,
  createTenantsService,
  registerVerificationEmailHooks,
  type TenantPorts,
  type TenantView,
  TenantViewCache,
} from './modules/tenants/index.js';
import { createWebhooksModule, dispatchEvent } from './modules/webhooks/index.js';
import { createRateLimits } from './rate-limit/index.js';
import type { Clock } from './shared/clock.js';
import { documentNumber } from './shared/document-model.js';
import { SecretBox } from './shared/secrets.js';

/**
 * The composition root: builds adapters and services once, wires the ports between
 * modules, and lists the jobs the worker runs. Nothing imports this file but the entry points
 * and the test helpers.
 */
export function createDeps(input: {
  config: Config;
  database: Database;
  clock: Clock;
  log: Logger;
  mailer?: Mailer;
}) {
  const { config, database, clock, log } = input;
  const db: Executor = database.db;
  const secrets = new SecretBox(config.masterKey);
  const mailer =
    input.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileMailer(`${config.dataDir}/mail`));

  // Built in dependency order: each service receives finished services and hook lists, nothing is
  // patched after construction. Outbox hooks are the one registry (each module registers the
  // emails it owns: verification, document delivery).
  const outboxHooks = createOutboxHooks();
  registerVerificationEmailHooks(outboxHooks);

  const rateLimits = createRateLimits({
    db,
    pool: database.pool,
    clock,
    authFailureLimit: config.authFailureRateLimit,
    apiWindowMs: config.apiRateLimit.windowMs,
    onError: (e) => log.error({ err: e }, 'rate limit purge failed'),
    statementName: database.statementName,
  });
  const limiter = createRegistrationLimiter({ windows: rateLimits.windows, ...config.registrationRateLimit });
  // API key lookups, remembered for AUTH_CACHE_TTL_MS while LISTEN auth_invalidation is up (app.ts).
  const authCache = new AuthCache(config.authCacheTtlMs);
  const keys = createKeysService({
    db,
    clock,
    cache: authCache,
    statementName: database.statementName,
  });
  const usage = new UsageRecorder(db, clock, 1000, (e) => log.error({ err: e }, 'usage flush failed'));
  // The API request log (docs/request-log.md): buffered, written in batches by the API process.
  const requestLog = createRequestLogService({ db, clock });
  const requestLogRecorder = new RequestLogRecorder(db, {
    onError: (e) => log.error({ err: e }, 'request log flush failed; rows kept for the next try'),
    onDropped: (dropped, totalDropped) =>
      log.warn({ dropped, totalDropped }, 'request log buffer full: oldest rows dropped'),
  });
  const webhooks = createWebhooksModule({ db, clock, secrets, config });
  const notifications = createNotificationsService({
    db,
    clock,
    authorizedBatchDelayMs: config.notificationBatchDelayMs,
  });
  const delivery = createDeliveryService({ db, clock });
  registerDocumentEmailHooks(outboxHooks, { delivery, notifier: notifications });
  const agreements = createAgreementsModule({ db, clock, config });

  // Paying tenants count documents per billing period; FREE ones per calendar month. Quota
  // thresholds produce notifications.
  const quotaHooks: QuotaHooks = {
    resolvePeriod: subscriptionQuotaPeriod,
    afterCount: [(tx, input, now) => notifications.quotaCheck(tx, input, now).then(() => undefined)],
  };
  const quota = createQuota({ clock, hooks: quotaHooks });
  const tenantPorts: TenantPorts = {
    documentUsage: (exec, tenantId) => quota.usage(exec, tenantId),
    agreementSummary: agreements.service.summary,
    afterRegister: [agreements.afterRegister],
  };
  // GET /v1/tenants/me per tenant, forgotten on the key cache's channel (docs/scaling.md).
  const tenantViews = new TenantViewCache<TenantView>(config.authCacheTtlMs, () => clock.now().getTime());
  const tenants = createTenantsService({
    db,
    clock,
    config,
    secrets,
    ports: tenantPorts,
    viewCache: tenantViews,
    statementName: database.statementName,
  });
  const sessions = createSessionsService({
    db,
    clock,
    config,
    secrets,
    resendVerification: (email, origin) => tenants.resendVerification(email, origin),
  });
  const signingKeys = createSigningKeyCache({ secrets, clock });
  const issuers = createIssuersService({
    db,
    clock,
    secrets,
    signingKeys,
    // Certificate renewals produce notifications.
    onCertificateRenewed: [
      (tx, issuerId, expiry, now) =>
        notifications.certificateRenewed(tx, issuerId, expiry, now).then(() => undefined),
    ],
  });
  const documentExtras = createDocumentExtrasService({ db, clock, readDb: database.readDb });
  const exports = createExportsService({
    db,
    pool: database.pool,
    clock,
    delivery,
    dataDir: config.dataDir,
    read: { db: database.readDb, pool: database.readPool },
  });
  const dryRun = createDocumentDryRun({ db, clock });
  const sharing = createSharingService({ db, clock, delivery, publicBaseUrl: config.publicBaseUrl });
  const customers = createCustomersService({ db, clock });
  const products = createProductsService({ db, clock });

  // The tax authority's two SOAP services per environment: sandbox tenants go to its test
  // environment (ambiente 1), production tenants to production (decisions.md §3).
  const sri = createSriClient({
    endpoints: { sandbox: config.sri.endpoints.test, production: config.sri.endpoints.production },
    timeoutMs: config.sri.timeoutMs,
  });
  // A document's outcome reaches the buyer (email with RIDE + XML), the client (notifications,
  // webhooks) and billing (the provider's own invoice to a tenant is linked to its payment once
  // authorized: INVOICE_LINKED). Billing is built below, from documents, which submission feeds:
  // its hook is the one reference forward, called only when a job runs.
  const submissionHooks: SubmissionHooks = {
    onAuthorized: [
      async (uow, doc, now, known) => {
        await delivery.queueBuyerEmail(uow, doc, now, undefined, known.language ?? undefined);
        await notifications.queueDocumentAuthorized(uow, authorizedFacts(doc), now);
      },
      // Only the provider's issuer issues self-billed invoices: other documents have no payment to link.
      async (uow, doc, now) => {
        if (config.providerIssuerId === doc.issuerId) await billing.onDocumentAuthorized(uow.tx, doc, now);
      },
    ],
    onRefused: [
      async (tx, doc, outcome, messages, now) => {
        await notifications.submissionFailed(tx, { ...refusedFacts(doc), status: outcome, messages }, now);
      },
    ],
    // A document voided in SRI en línea (the status follow-up found it ANULADO): a DOCUMENT_VOIDED
    // webhook to the endpoints that take every event, and a DOCUMENT_VOIDED_AT_SRI notification.
    onVoidedAtSri: [
      async (tx, doc, now) => {
        const facts = authorizedFacts(doc);
        const data = { ...facts.document, documentType: doc.documentType, voidReason: doc.voidReason };
        await dispatchEvent(
          tx,
          { tenantId: doc.tenantId, event: 'DOCUMENT_VOIDED', occurredAt: now, data, notificationId: null },
          now,
        ); // And the owner's notice (in-app, email when enabled): DOCUMENT_VOIDED_AT_SRI.
        await notifications.documentVoidedAtSri(
          tx,
          {
            tenantId: doc.tenantId,
            issuerId: doc.issuerId,
            accessKey: doc.accessKey,
            documentType: doc.documentType,
            number: documentNumber(doc.model),
            issueDate: facts.document.issueDate,
            buyerName: doc.buyerName,
            total: facts.document.total,
          },
          now,
        );
      },
    ],
  };
  // Purchases (docs/purchases.md): received documents confirmed with the tax authority by key.
  const purchases = createPurchasesModule({
    db,
    clock,
    sri: createPurchaseSriPort(sri),
    notify: notifications.notify,
  });
  // The ATS (docs/ats.md): the annex built from the period's sales and purchases by a job.
  const ats = createAtsModule({ db, clock, dataDir: config.dataDir });
  const submission = createSubmissionModule({
    db,
    // Its per-document session advisory lock needs a session connection (DATABASE_LISTEN_URL).
    pool: database.sessionPool,
    clock,
    log,
    sri,
    keyCache: signingKeys,
    hooks: submissionHooks,
    authorizationCheckDelayMs: config.sri.authorizationCheckDelayMs,
    firstCheckDelayMs: config.sri.firstCheckDelayMs,
  });
  const documents = createDocumentsService({
    db,
    clock,
    keyCache: signingKeys,
    quota,
    afterCreate: [submission.afterCreate],
    readDb: database.readDb,
  });
  const billing = createBillingModule({
    db,
    clock,
    config,
    log,
    documents,
    notifications,
    pendingAgreements: agreements.service.pendingTypes,
    tenantView: tenants.tenantView,
  });
  const operator: OperatorServices = {
    paymentsAdmin: createPaymentsAdminService({ db }),
    tenantsAdmin: createTenantsAdminService({ db, clock }),
    review: billing.review,
    priceChanges: billing.priceChanges,
    agreements: agreements.service,
    holidays: createHolidaysService({ db }),
    ...createJobRunner(clock, {
      ...billing.runners,
      [CERT_EXPIRY_JOB]: (now) => notifications.certificateExpiryCheck(now),
    }),
  };

  const jobs: JobDefinition[] = [
    createSendEmailJob({ db, mailer, clock, mailFrom: config.mailFrom, hooks: outboxHooks, secrets }),
    ...webhooks.jobs,
    ...notifications.jobs,
    ...submission.jobs,
    createFoldCountsJob({ db }),
    ...agreements.jobs,
    ...billing.jobs,
    ...createExportJobs(exports, clock, [ats.prune]),
    ...purchases.jobs,
    ...ats.jobs,
    createRequestLogPruneJob({
      clock,
      requestLog,
      onPruned: (rows) => log.info({ rows }, 'request log pruned'),
    }),
  ];
  /** graphile-worker crontab lines (UTC); modules append theirs. */
  const crontabLines: string[] = [
    NOTIFICATIONS_CRONTAB,
    BILLING_CRONTAB,
    ...submission.crontab,
    DOCUMENTS_CRONTAB,
  ];
  crontabLines.push(REQUEST_LOG_CRONTAB, EXPORTS_CRONTAB);

  return {
    config,
    database,
    db,
    clock,
    log,
    secrets,
    mailer,
    outboxHooks,
    keys,
    authCache,
    tenantViews,
    usage,
    tenants,
    tenantPorts,
    sessions,
    limiter,
    rateLimits,
    signingKeys,
    issuers,
    quota,
    quotaHooks,
    documents,
    webhooks,
    notifications,
    delivery,
    documentExtras,
    sharing,
    exports,
    customers,
    products,
    purchases,
    ats,
    dryRun,
    sri,
    submission,
    submissionHooks,
    agreements: agreements.service,
    billing,
    operator,
    requestLog,
    requestLogRecorder,
    jobs,
    crontabLines,
    get crontab() {
      return crontabLines.join('\n');
    },
    authPorts: {
      authenticate: keys.authenticate,
      issuerOwner: issuerOwnerLookup(db, undefined, database.statementName),
      recordUse: (keyId: string) => usage.record(keyId),
    },
  };
}

export type Deps = ReturnType<typeof createDeps>;
