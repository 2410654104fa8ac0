import { and, eq, sql } from 'drizzle-orm';
import type { SigningCertificate } from '../../adapters/signing/p12.js';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import type { SecretBox } from '../../shared/secrets.js';

export type IssuerRow = typeof issuers.$inferSelect;

/** The issuer resource of docs/spec-map.md. */
export interface IssuerView {
  id: string;
  ruc: string;
  businessName: string;
  tradeName: string | null;
  branchCode: string;
  issuePointCode: string;
  branchAddress: string | null;
  certFingerprint: string | null;
  certExpiry: string | null;
  canIssue: boolean;
}

export function toIssuerView(row: IssuerRow): IssuerView {
  return {
    id: row.id,
    ruc: row.ruc,
    businessName: row.businessName,
    tradeName: row.tradeName,
    branchCode: row.branchCode,
    issuePointCode: row.issuePointCode,
    branchAddress: row.branchAddress,
    certFingerprint: row.certFingerprint,
    certExpiry: row.certExpiry?.toISOString() ?? null,
    canIssue: row.canIssue,
  };
}

/** The issuer object of registration and recovery responses (a subset). */
export function toIssuerSummary(row: IssuerRow) {
  return {
    id: row.id,
    ruc: row.ruc,
    businessName: row.businessName,
    tradeName: row.tradeName,
    branchCode: row.branchCode,
    issuePointCode: row.issuePointCode,
    certFingerprint: row.certFingerprint,
    certExpiry: row.certExpiry?.toISOString() ?? null,
  };
}

/** Columns that hold a certificate: the P12 and its password sealed under MASTER_KEY, plus its facts. */
export function certificateColumns(
  secrets: SecretBox,
  issuerId: string,
  p12: Buffer,
  password: string | undefined,
  cert: SigningCertificate,
) {
  return {
    certP12: secrets.seal(p12, `issuer-cert:${issuerId}`),
    certPassword: secrets.seal(password ?? '', `issuer-cert-password:${issuerId}`),
    certFingerprint: cert.fingerprint,
    certExpiry: cert.notAfter,
    certSerial: cert.serialDecimal,
    certIssuerName: cert.issuerName,
    certSubject: cert.subject,
  };
}

/** Opens the sealed P12 of an issuer: the bytes and password to hand to readP12. */
export function openCertificate(
  secrets: SecretBox,
  row: Pick<IssuerRow, 'id' | 'certP12' | 'certPassword'>,
): { p12: Buffer; password: string } | null {
  if (!row.certP12 || !row.certPassword) return null;
  return {
    p12: secrets.open(row.certP12, `issuer-cert:${row.id}`),
    password: secrets.openString(row.certPassword, `issuer-cert-password:${row.id}`),
  };
}

/** Sets the first number of both environments' counters: the next document gets `first`. */
export async function setInitialSequential(
  tx: Executor,
  issuerId: string,
  documentType: string,
  first: number,
): Promise<void> {
  await tx.execute(sql`
    insert into issuer_sequentials (issuer_id, document_type, environment, current)
    values (${issuerId}, ${documentType}, 'sandbox', ${first - 1}), (${issuerId}, ${documentType}, 'production', ${first - 1})
    on conflict (issuer_id, document_type, environment) do update set current = excluded.current`);
}

/** Issuers whose owner one process remembers (about 100 bytes each). */
const OWNER_CACHE_SIZE = 10_000;

/**
 * Owner tenant of an issuer (any state), for X-Issuer-Id checks. Every such request runs it, so
 * the query is built once and sent as a named prepared statement, and a found owner is kept: an
 * issuer never changes tenant and is never deleted (its documents keep it), so the answer cannot
 * go stale across processes. An unknown id is asked again each time (it may be created since).
 */
export function issuerOwnerLookup(
  db: Executor,
  cacheSize = OWNER_CACHE_SIZE,
  /** pg's statement name for `name` (Database.statementName); default as is. */
  statementName: (name: string) => string = (name) => name,
): (issuerId: string) => Promise<string | null> {
  const query = db
    .select({ tenantId: issuers.tenantId })
    .from(issuers)
    .where(eq(issuers.id, sql.placeholder('issuerId')))
    .prepare(statementName('issuer_owner'));
  const owners = new Map<string, string>();
  return async (issuerId) => {
    const known = owners.get(issuerId);
    if (known !== undefined) return known;
    const owner = (await query.execute({ issuerId }))[0]?.tenantId ?? null;
    if (owner !== null) {
      // The oldest entry makes room (a Map iterates in insertion order).
      if (owners.size >= cacheSize) owners.delete(owners.keys().next().value!);
      owners.set(issuerId, owner);
    }
    return owner;
  };
}

/** The account's first issuer, created by registration in the tenant's transaction. */
export interface FirstIssuerInput {
  tenantId: string;
  ruc: string;
  businessName: string;
  tradeName: string | null;
  mainAddress: string;
  branchCode: string;
  issuePointCode: string;
  branchAddress: string | null;
  emissionType: string;
  requiredAccounting: boolean;
  specialTaxpayer: string | null;
  retentionAgentResolution: string | null;
  rimpeRegime: string | null;
  documentTypes: string[];
  initialSequentials: { documentType: string; sequential: number }[];
  certificate: { p12: Buffer; password: string | undefined; cert: SigningCertificate };
  logo: { data: Buffer; mime: string } | null;
}

/** Inserts the first issuer of a new account and its initial sequentials (registration). */
export async function createFirstIssuer(
  tx: Executor,
  secrets: SecretBox,
  input: FirstIssuerInput,
  id: string,
  now: Date,
): Promise<IssuerRow> {
  const { certificate, initialSequentials, logo, ...fields } = input;
  const [issuer] = await tx
    .insert(issuers)
    .values({
      ...fields,
      id,
      canIssue: true,
      ...certificateColumns(secrets, id, certificate.p12, certificate.password, certificate.cert),
      logo: logo?.data ?? null,
      logoMime: logo?.mime ?? null,
      active: true,
      createdAt: now,
    })
    .returning();
  for (const s of initialSequentials) await setInitialSequential(tx, id, s.documentType, s.sequential);
  return issuer!;
}

/** The account's active issuers (recovery matches the uploaded certificate against them). */
export async function activeIssuersOf(db: Executor, tenantId: string): Promise<IssuerRow[]> {
  return db
    .select()
    .from(issuers)
    .where(and(eq(issuers.tenantId, tenantId), eq(issuers.active, true)));
}

/** The business name of the account's first issuer, or null when it has none. */
export async function firstIssuerName(db: Executor, tenantId: string): Promise<string | null> {
  const [issuer] = await db
    .select({ businessName: issuers.businessName })
    .from(issuers)
    .where(eq(issuers.tenantId, tenantId))
    .limit(1);
  return issuer?.businessName ?? null;
}
