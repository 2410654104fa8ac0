import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isUuid } from '../shared/ids.js';

/**
 * Typed configuration, parsed once at start from the environment. Nobody else reads
 * process.env. A bad value fails start-up with a message naming the variable.
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL was set: email links use it rather than the request's host (public-url.ts). */
  publicBaseUrlExplicit: boolean;
  dataDir: string;
  /** null: embedded PostgreSQL under DATA_DIR/pg. */
  databaseUrl: string | null;
  /** Connections of each process's primary pool (DATABASE_POOL_SIZE; docs/scaling.md, budgets). */
  databasePoolSize: number;
  /** A replica for lists, stats and exports; null: the primary. */
  databaseReadUrl: string | null;
  /** LISTEN, session locks, migrations: a direct or session-mode URL; null: DATABASE_URL. */
  databaseListenUrl: string | null;
  /** false: statements are sent unnamed (PgBouncer before 1.21 in transaction mode). */
  databasePreparedStatements: boolean;
  /** How long an API key lookup is remembered; 0 = every request reads the database. */
  authCacheTtlMs: number;
  embeddedPgPort: number;
  /** EMBEDDED_PG_PORT was set: a taken port is an error rather than replaced by a free one. */
  embeddedPgPortExplicit: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  masterKey: Buffer;
  adminToken: string | null;
  logLevel: string;
  trustProxy: boolean;
  /** Register, recover and resend-verification share one counter per IP (docs/spec-map.md, Limits). */
  registrationRateLimit: { max: number; windowMs: number };
  /** General per-key / per-IP limit on the rest of the API; 0 = off (a gateway in front limits). */
  apiRateLimit: { max: number; windowMs: number };
  /** Failed authentications (API keys, sessions, operator token) per client address. */
  authFailureRateLimit: { max: number; windowMs: number };
  /** Operator API (/admin/v1) requests per client address. */
  adminRateLimit: { max: number; windowMs: number };
  verificationTokenTtlHours: number;
  workerConcurrency: number;
  /**
   * How long an issuer's DOCUMENT_AUTHORIZED job waits after the first authorization it carries,
   * gathering the ones that follow into the same update and webhook (docs/notifications.md).
   */
  notificationBatchDelayMs: number;
  /** Crash recovery (docs/hardening.md): heartbeat and sweep period, and when a silent worker is dead. */
  workerHeartbeat: { intervalMs: number; deadAfterMs: number };
  /** graphile-worker 0.17 batching (docs/pipeline-performance.md, "The job queue"). */
  workerQueue: WorkerQueueSettings;
  sri: {
    /** Start the tax authority simulator with the service (default when no endpoint is configured). */
    startSimulator: boolean;
    simulatorPort: number;
    simulatorAuthorizationDelayMs: number;
    endpoints: {
      test: { reception: string; authorization: string };
      production: { reception: string; authorization: string };
    };
    timeoutMs: number;
    /** Base of the EN PROCESO polls after the first check (decisions.md: default 3 s). */
    authorizationCheckDelayMs: number;
    /**
     * The first authorization check after RECIBIDA (default 200 ms; up to 1 s it is asked by the
     * run that sent the document: docs/pipeline-performance.md).
     */
    firstCheckDelayMs: number;
  };
  webhooks: { allowPrivate: boolean; timeoutMs: number };
  /**
   * Self-billing: the issuer (of the provider's own tenant, in this database) that invoices each
   * verified payment. null: no self-billed invoices (logged at each verification).
   */
  providerIssuerId: string | null;
  bankTransfer: {
    bankName: string;
    accountType: string;
    accountNumber: string;
    accountHolder: string;
    identification: string;
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function optional(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** A worker is declared dead only after missing at least two beats: one late beat is not a crash. */
function workerHeartbeat(env: Env): { intervalMs: number; deadAfterMs: number } {
  const intervalMs = int(env, 'WORKER_HEARTBEAT_MS', 10_000, 100, 600_000);
  const deadAfterMs = int(env, 'WORKER_DEAD_AFTER_MS', 45_000, 300, 3_600_000);
  if (deadAfterMs < 2 * intervalMs)
    throw new ConfigError(
      `WORKER_DEAD_AFTER_MS (${deadAfterMs}) must be at least twice WORKER_HEARTBEAT_MS (${intervalMs})`,
    );
  return { intervalMs, deadAfterMs };
}

export interface WorkerQueueSettings {
  /** Jobs one fetch locks into the process's local queue; 0: every slot fetches its own (no local queue). */
  localQueueSize: number;
  /** After a fetch that did not fill the local queue, wait about this long before the next (0: fetch on every new job). */
  refetchDelayMs: number;
  /** Completions gathered this long into one statement; -1: one statement per job. */
  completeBatchMs: number;
  /** Failures gathered this long into one statement; -1: one statement per job. */
  failBatchMs: number;
}

/** An integer from -1 (off) to `max`. */
function delayOrOff(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer (-1: off), got "${raw}"`);
  const n = Number(raw);
  if (n < -1 || n > max) throw new ConfigError(`${name} must be between -1 (off) and ${max}, got ${n}`);
  return n;
}

function workerQueue(env: Env): WorkerQueueSettings {
  return {
    localQueueSize: int(env, 'WORKER_LOCAL_QUEUE_SIZE', 64, 0, 1000),
    // Off by default: during the delay graphile-worker drops new-job announcements, so a job added
    // then waits for the next poll (1 s) unless another comes. graphile-worker refuses a delay
    // longer than its poll interval (1 s here).
    refetchDelayMs: int(env, 'WORKER_REFETCH_DELAY_MS', 0, 0, 1000),
    completeBatchMs: delayOrOff(env, 'WORKER_COMPLETE_BATCH_MS', 100, 5000),
    failBatchMs: delayOrOff(env, 'WORKER_FAIL_BATCH_MS', 100, 5000),
  };
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(
  env: Env,
  name: string,
  fallback: string | null,
  protocols = ['http:', 'https:'],
): string | null {
  const raw = optional(env, name) ?? fallback;
  if (raw === null) return null;
  const example = protocols[0]?.startsWith('postgres')
    ? 'postgresql://user:password@localhost:5432/einvoice'
    : `${protocols.at(-1)}//example.com`;
  const wrong = new ConfigError(`${name} must be a URL like ${example}, got "${raw}"`);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw wrong;
  }
  // "localhost:5432/db" parses as a URL whose scheme is "localhost:": the same mistake.
  if (!protocols.includes(parsed.protocol)) throw wrong;
  return raw.replace(/\/+$/, '');
}

function parseMasterKey(raw: string): Buffer {
  const hex = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : null;
  const key = hex ?? Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new ConfigError('MASTER_KEY must be 32 bytes, as 64 hex characters or base64');
  }
  return key;
}

export interface LoadOptions {
  /** Warnings are reported here (the logger does not exist yet). */
  warn?: (message: string) => void;
}

/** DATA_DIR alone, for the command-line helpers that need nothing else (mail:last). */
export function dataDirOf(env: Env = process.env): string {
  return path.resolve(str(env, 'DATA_DIR', './data'));
}

/** PUBLIC_BASE_URL alone (default http://localhost:$PORT), for the command-line helpers. */
export function publicBaseUrlOf(env: Env = process.env): string {
  return url(env, 'PUBLIC_BASE_URL', `http://localhost:${int(env, 'PORT', 3000, 0, 65535)}`)!;
}

export function loadConfig(env: Env = process.env, opts: LoadOptions = {}): Config {
  const warn = opts.warn ?? ((m: string) => process.stderr.write(`WARNING: ${m}\n`));
  const nodeEnvRaw = str(env, 'NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];
  const port = int(env, 'PORT', 3000, 0, 65535);
  const host = str(env, 'HOST', '0.0.0.0');
  const dataDir = dataDirOf(env);
  const publicBaseUrl = publicBaseUrlOf(env);
  const publicBaseUrlExplicit = optional(env, 'PUBLIC_BASE_URL') !== null;
  if (nodeEnv === 'production' && !publicBaseUrlExplicit)
    throw new ConfigError(
      'PUBLIC_BASE_URL is required in production (the links of every email are built from it, e.g. https://facturas.example.com)',
    );
  const databaseUrl = url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const databaseReadUrl = url(env, 'DATABASE_READ_URL', null, ['postgres:', 'postgresql:']);
  const databaseListenUrl = url(env, 'DATABASE_LISTEN_URL', null, ['postgres:', 'postgresql:']);
  if (databaseUrl === null && (databaseReadUrl !== null || databaseListenUrl !== null))
    throw new ConfigError(
      `${databaseReadUrl !== null ? 'DATABASE_READ_URL' : 'DATABASE_LISTEN_URL'} needs DATABASE_URL (the embedded PostgreSQL has no replica or pooler)`,
    );
  const smtpUrl = url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']);

  let masterKey: Buffer;
  const rawKey = optional(env, 'MASTER_KEY');
  if (rawKey) {
    masterKey = parseMasterKey(rawKey);
  } else if (nodeEnv === 'production') {
    throw new ConfigError('MASTER_KEY is required in production (32 bytes as 64 hex characters or base64)');
  } else {
    masterKey = loadOrCreateDevMasterKey(dataDir, warn);
  }

  const adminToken = optional(env, 'ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16) {
    throw new ConfigError('ADMIN_TOKEN must be at least 16 characters');
  }

  const providerIssuerId = optional(env, 'PROVIDER_ISSUER_ID');
  if (providerIssuerId !== null && !isUuid(providerIssuerId)) {
    throw new ConfigError(`PROVIDER_ISSUER_ID must be an issuer id (UUID), got "${providerIssuerId}"`);
  }

  const sriTest = url(env, 'SRI_TEST_URL', null);
  const sriProd = url(env, 'SRI_PRODUCTION_URL', null);
  const simulatorPort = int(env, 'SRI_SIMULATOR_PORT', 3100, 0, 65535);
  const startSimulator = bool(env, 'SRI_SIMULATOR', sriTest === null || sriProd === null);
  const simBase = `http://127.0.0.1:${simulatorPort}`;
  const endpointsFor = (base: string | null) => {
    const b = base ?? simBase;
    return {
      reception: `${b}/comprobantes-electronicos-ws/RecepcionComprobantesOffline`,
      authorization: `${b}/comprobantes-electronicos-ws/AutorizacionComprobantesOffline`,
    };
  };

  return {
    nodeEnv,
    port,
    host,
    publicBaseUrl,
    publicBaseUrlExplicit,
    dataDir,
    databaseUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 20, 1, 1000),
    databaseReadUrl,
    databaseListenUrl,
    databasePreparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
    authCacheTtlMs: int(env, 'AUTH_CACHE_TTL_MS', 10_000, 0, 600_000),
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 5433, 1, 65535),
    embeddedPgPortExplicit: optional(env, 'EMBEDDED_PG_PORT') !== null,
    smtpUrl,
    mailFrom: str(env, 'MAIL_FROM', 'einvoice-ec <no-reply@einvoice-ec.local>'),
    masterKey,
    adminToken,
    logLevel: str(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    registrationRateLimit: { max: int(env, 'REGISTRATION_RATE_LIMIT', 5, 1), windowMs: 3_600_000 },
    apiRateLimit: {
      max: int(env, 'API_RATE_LIMIT', 1200, 0),
      windowMs: int(env, 'API_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 3600) * 1000,
    },
    authFailureRateLimit: { max: int(env, 'AUTH_FAILURE_RATE_LIMIT', 20, 1), windowMs: 60_000 },
    adminRateLimit: { max: int(env, 'ADMIN_RATE_LIMIT', 300, 1), windowMs: 60_000 },
    verificationTokenTtlHours: int(env, 'VERIFICATION_TOKEN_TTL_HOURS', 24, 1, 24 * 30),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 32, 1, 200),
    notificationBatchDelayMs: int(env, 'NOTIFICATION_BATCH_DELAY_MS', 100, 0, 5000),
    workerHeartbeat: workerHeartbeat(env),
    workerQueue: workerQueue(env),
    sri: {
      startSimulator,
      simulatorPort,
      simulatorAuthorizationDelayMs: int(env, 'SRI_SIMULATOR_AUTH_DELAY_MS', 1000, 0),
      endpoints: { test: endpointsFor(sriTest), production: endpointsFor(sriProd) },
      timeoutMs: int(env, 'SRI_TIMEOUT_MS', 15_000, 100),
      authorizationCheckDelayMs: int(env, 'SRI_AUTH_CHECK_DELAY_MS', 3000, 0),
      firstCheckDelayMs: int(env, 'SRI_AUTH_FIRST_CHECK_MS', 200, 0),
    },
    webhooks: {
      allowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100),
    },
    providerIssuerId: providerIssuerId?.toLowerCase() ?? null,
    bankTransfer: {
      bankName: str(env, 'BANK_NAME', 'Banco Pichincha'),
      accountType: str(env, 'BANK_ACCOUNT_TYPE', 'CORRIENTE'),
      accountNumber: str(env, 'BANK_ACCOUNT_NUMBER', '2100123456'),
      accountHolder: str(env, 'BANK_ACCOUNT_HOLDER', 'EINVOICE-EC S.A.S.'),
      identification: str(env, 'BANK_ACCOUNT_IDENTIFICATION', '1792146739001'),
    },
  };
}

function loadOrCreateDevMasterKey(dataDir: string, warn: (m: string) => void): Buffer {
  const file = path.join(dataDir, 'master.key');
  if (existsSync(file)) return parseMasterKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  warn(`MASTER_KEY is not set: generated one into ${file}. Set MASTER_KEY in production.`);
  return key;
}
