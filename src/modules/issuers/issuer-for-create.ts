import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import type { IssuerRow } from './issuer-store.js';
import type { SequentialEnvironment } from './sequentials.js';

/** The issuer columns a create reads: the header's snapshot, the issuing rules and the certificate. */
export type IssuerForCreate = Pick<
  IssuerRow,
  | 'id'
  | 'tenantId'
  | 'ruc'
  | 'businessName'
  | 'tradeName'
  | 'mainAddress'
  | 'branchCode'
  | 'issuePointCode'
  | 'branchAddress'
  | 'requiredAccounting'
  | 'specialTaxpayer'
  | 'retentionAgentResolution'
  | 'rimpeRegime'
  | 'documentTypes'
  | 'canIssue'
  | 'active'
  | 'certP12'
  | 'certPassword'
  | 'certFingerprint'
>;

type Row = {
  id: string;
  tenant_id: string;
  ruc: string;
  business_name: string;
  trade_name: string | null;
  main_address: string | null;
  branch_code: string;
  issue_point_code: string;
  branch_address: string | null;
  required_accounting: boolean;
  special_taxpayer: string | null;
  retention_agent_resolution: string | null;
  rimpe_regime: string | null;
  document_types: string[];
  can_issue: boolean;
  active: boolean;
  cert_p12: Buffer | null;
  cert_password: Buffer | null;
  cert_fingerprint: string | null;
  current: number | null;
};

/**
 * One round trip at the start of a batch of creates: the issuer of the tenant, share-locked (a
 * concurrent DELETE or pause commits before and is seen here, or waits for the batch), with the
 * counter's current value read without a lock (the batch claims its numbers later,
 * `claimSequentials`). Never the logo. The sealed certificate comes back only when the caller's
 * cached one has another fingerprint (`cachedFingerprint`): a renewal by another process is seen
 * at once, and the P12 bytes are not read on every create. Null for an issuer of another tenant
 * or none; an inactive issuer is returned (the caller's rules word the refusal).
 */
export async function readIssuerForCreate(
  tx: Executor,
  input: { tenantId: string; issuerId: string; documentType: string; environment: SequentialEnvironment },
  cachedFingerprint: string | null,
): Promise<{ issuer: IssuerForCreate; current: number } | null> {
  const result = await tx.execute<Row>(sql`
    select i.id, i.tenant_id, i.ruc, i.business_name, i.trade_name, i.main_address, i.branch_code,
           i.issue_point_code, i.branch_address, i.required_accounting, i.special_taxpayer,
           i.retention_agent_resolution, i.rimpe_regime, i.document_types, i.can_issue, i.active,
           case when i.cert_fingerprint is distinct from ${cachedFingerprint} then i.cert_p12 end as cert_p12,
           case when i.cert_fingerprint is distinct from ${cachedFingerprint} then i.cert_password end as cert_password,
           i.cert_fingerprint, s.current
      from issuers i
      left join issuer_sequentials s
        on s.issuer_id = i.id and s.document_type = ${input.documentType} and s.environment = ${input.environment}
     where i.id = ${input.issuerId} and i.tenant_id = ${input.tenantId}
       for share of i`);
  const r = result.rows[0];
  if (!r) return null;
  return {
    issuer: {
      id: r.id,
      tenantId: r.tenant_id,
      ruc: r.ruc,
      businessName: r.business_name,
      tradeName: r.trade_name,
      mainAddress: r.main_address,
      branchCode: r.branch_code,
      issuePointCode: r.issue_point_code,
      branchAddress: r.branch_address,
      requiredAccounting: r.required_accounting,
      specialTaxpayer: r.special_taxpayer,
      retentionAgentResolution: r.retention_agent_resolution,
      rimpeRegime: r.rimpe_regime,
      documentTypes: r.document_types,
      canIssue: r.can_issue,
      active: r.active,
      certP12: r.cert_p12,
      certPassword: r.cert_password,
      certFingerprint: r.cert_fingerprint,
    },
    current: Number(r.current ?? 0),
  };
}

/**
 * The sealed certificate alone: for a create whose issuer read left it out (the cache held that
 * fingerprint) but whose cache entry went meanwhile (evicted, or invalidated by a renewal).
 */
export async function readSealedCertificate(
  tx: Executor,
  issuerId: string,
): Promise<Pick<IssuerRow, 'certP12' | 'certPassword' | 'certFingerprint'>> {
  const result = await tx.execute<{
    cert_p12: Buffer | null;
    cert_password: Buffer | null;
    cert_fingerprint: string | null;
  }>(sql`select cert_p12, cert_password, cert_fingerprint from issuers where id = ${issuerId}`);
  const r = result.rows[0];
  return {
    certP12: r?.cert_p12 ?? null,
    certPassword: r?.cert_password ?? null,
    certFingerprint: r?.cert_fingerprint ?? null,
  };
}
