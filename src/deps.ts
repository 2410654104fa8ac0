import type { Logger } from 'pino';
import { createFileMailer, createSmtpMailer, type Mailer } from './adapters/mail/mailer.js';
import { createSriClient } from './adapters/sri/index.js';
import type { Config } from './config/config.js';
import type { Database, Executor } from './db/pool.js';
import type { JobDefinition } from './jobs/queue.js';
import { createDocumentExtrasService } from './modules/documents/documents.extras.service.js';
import { type AfterCreateHook, createDocumentsService } from './modules/documents/documents.service.js';
import { calendarMonthPeriod, createQuota, type QuotaHooks } from './modules/documents/quota.js';
import { createIssuersService, createSigningKeyCache } from './modules/issuers/index.js';
import { issuerOwner } from './modules/issuers/issuer-store.js';
import { createKeysService } from './modules/keys/keys.service.js';
import { UsageRecorder } from './modules/keys/usage-recorder.js';
import { createOutboxHooks, createSendEmailJob } from './modules/mail/outbox.js';
import { createSubmissionHooks, createSubmissionModule } from './modules/submission/index.js';
import { createRegistrationLimiter } from './modules/tenants/registration-limit.js';
import { createTenantsService, defaultTenantPorts } from './modules/tenants/tenants.service.js';
import { registerVerificationEmailHooks } from './modules/tenants/verification-hooks.js';
import type { Clock } from './shared/clock.js';
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
  const db = database.db as unknown as Executor;
  const secrets = new SecretBox(config.masterKey);
  const mailer =
    input.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileMailer(`${config.dataDir}/mail`));

  const outboxHooks = createOutboxHooks();
  registerVerificationEmailHooks(outboxHooks);

  const keys = createKeysService({ db, clock });
  const usage = new UsageRecorder(db, clock, 1000, (e) => log.error({ err: e }, 'usage flush failed'));
  const tenantPorts = defaultTenantPorts();
  const tenants = createTenantsService({ db, clock, config, secrets, ports: tenantPorts });
  const limiter = createRegistrationLimiter({ db, clock, ...config.registrationRateLimit });
  const signingKeys = createSigningKeyCache({ secrets, clock });
  const issuers = createIssuersService({ db, clock, secrets, signingKeys });

  const quotaHooks: QuotaHooks = { resolvePeriod: calendarMonthPeriod, afterCount: [] };
  const quota = createQuota({ clock, hooks: quotaHooks });
  tenantPorts.documentCount = (exec, tenant) => quota.used(exec, tenant.id);
  const documentCreatedHooks: AfterCreateHook[] = [];
  const documents = createDocumentsService({
    db,
    clock,
    keyCache: signingKeys,
    quota,
    afterCreate: documentCreatedHooks,
  });

  const documentExtras = createDocumentExtrasService({ db, clock });

  // The tax authority's two SOAP services per environment: sandbox tenants go to its test
  // environment (ambiente 1), production tenants to production (decisions.md §3).
  const sri = createSriClient({
    endpoints: { sandbox: config.sri.endpoints.test, production: config.sri.endpoints.production },
    timeoutMs: config.sri.timeoutMs,
  });
  const submissionHooks = createSubmissionHooks();
  const submission = createSubmissionModule({
    db,
    pool: database.pool,
    clock,
    log,
    sri,
    keyCache: signingKeys,
    hooks: submissionHooks,
    authorizationCheckDelayMs: config.sri.authorizationCheckDelayMs,
  });
  documentCreatedHooks.push(submission.afterCreate);

  const jobs: JobDefinition<never>[] = [
    createSendEmailJob({
      db,
      mailer,
      clock,
      mailFrom: config.mailFrom,
      hooks: outboxHooks,
    }) as JobDefinition<never>,
    ...submission.jobs,
  ];
  /** graphile-worker crontab lines (UTC); modules append theirs. */
  const crontabLines: string[] = [...submission.crontab];

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
    usage,
    tenants,
    tenantPorts,
    limiter,
    signingKeys,
    issuers,
    quota,
    quotaHooks,
    documents,
    documentCreatedHooks,
    documentExtras,
    sri,
    submission,
    submissionHooks,
    jobs,
    crontabLines,
    authPorts: {
      authenticate: keys.authenticate,
      issuerOwner: (id: string) => issuerOwner(db, id),
      recordUse: (keyId: string) => usage.record(keyId),
    },
  };
}

export type Deps = ReturnType<typeof createDeps>;
