import { readP12, type SigningCertificate } from '../../adapters/signing/p12.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, type ErrorCode, validationError } from '../../shared/errors.js';
import { isUuid, uuidv4 } from '../../shared/ids.js';
import type { SecretBox } from '../../shared/secrets.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import type { CreateIssuerInput, Logo, UploadedCertificate } from './issuer-form.schemas.js';
import {
  certificateColumns,
  type IssuerRow,
  type IssuerView,
  openCertificate,
  setInitialSequential,
  toIssuerView,
} from './issuer-store.js';
import {
  findIssuer,
  hasDocuments,
  type IssuerChanges,
  insertIssuer,
  isPointTaken,
  listActiveIssuers,
  lockActiveIssuers,
  oldestActiveIssuer,
  softDeleteIssuer,
  updateActiveIssuer,
} from './issuers.repository.js';
import { readSequentials, type SequentialEnvironment, setNextSequential } from './sequentials.js';
import type { SigningKeyCache } from './signing-key-cache.js';

/** What this service reads of its caller (never the HTTP request). */
type Caller = Pick<AuthContext, 'emailVerified' | 'tenantId'>;

/** Routes of the spec's own issuer endpoints answer ISSUER_NOT_FOUND; the others NOT_FOUND. */
type MissingCode = Extract<ErrorCode, 'NOT_FOUND' | 'ISSUER_NOT_FOUND'>;

/** Work other modules add to a certificate renewal's transaction (the notifications dismiss expiry alerts). */
export type CertificateRenewedHook = (
  tx: Executor,
  issuerId: string,
  newExpiry: Date,
  now: Date,
) => Promise<void>;

export function createIssuersService(deps: {
  db: Executor;
  clock: Clock;
  secrets: SecretBox;
  signingKeys: SigningKeyCache;
  onCertificateRenewed?: CertificateRenewedHook[];
}) {
  const { db, clock, secrets, signingKeys } = deps;

  /** An issuer of another tenant is 403 whatever its state (decisions.md §4). */
  function assertNotOthers(auth: Caller, row: IssuerRow | undefined): void {
    if (row && row.tenantId !== auth.tenantId)
      throw new AppError('ISSUER_FORBIDDEN', 'The issuer belongs to another account');
  }

  /** The tenant's active issuer; another tenant's first (403), then unknown or deleted. */
  async function activeIssuer(
    auth: Caller,
    id: string,
    missing: MissingCode = 'NOT_FOUND',
  ): Promise<IssuerRow> {
    const row = await findIssuer(db, id);
    assertNotOthers(auth, row);
    if (!row?.active) throw new AppError(missing, 'Issuer not found');
    return row;
  }

  /** A change to an active issuer; an issuer deleted meanwhile is the same not-found. */
  async function change(auth: Caller, id: string, changes: IssuerChanges, missing: MissingCode) {
    await activeIssuer(auth, id, missing);
    const row = await updateActiveIssuer(db, auth.tenantId, id, changes);
    if (!row) throw new AppError(missing, 'Issuer not found');
    return row;
  }

  /** The certificate of a new issuer: uploaded, or a copy of the source issuer's. */
  async function certificateFor(auth: Caller, input: CreateIssuerInput['certificate']) {
    if ('upload' in input) {
      const { p12, password } = input.upload;
      return { p12, password, cert: readP12(p12, password, clock.now()), source: null };
    }
    const source = await activeIssuer(auth, input.sourceIssuerId, 'ISSUER_NOT_FOUND');
    // The cache refuses a source certificate that has expired since it was uploaded.
    const cert = signingKeys.get(source);
    const sealed = openCertificate(secrets, source)!;
    return { p12: sealed.p12, password: sealed.password, cert, source };
  }

  /** docs/spec-map.md, Authentication rule 9: unverified accounts cannot create branches. */
  function assertMayCreate(auth: Caller): void {
    if (!auth.emailVerified) {
      throw new AppError(
        'EMAIL_VERIFICATION_REQUIRED',
        'Verify your email address before creating branches or issue points',
      );
    }
  }

  function certificateEvent(issuerId: string, cert: SigningCertificate) {
    return { issuerId, certFingerprint: cert.fingerprint, certExpiry: cert.notAfter.toISOString() };
  }

  return {
    /**
     * The early ownership gate of /v1/issuers/:id routes: only another tenant's issuer fails here
     * (a malformed id is left to schema validation, an unknown one to the use case).
     */
    async assertNotForeign(auth: Caller, id: string): Promise<void> {
      if (isUuid(id)) assertNotOthers(auth, await findIssuer(db, id));
    },

    assertMayCreate,

    async list(auth: Caller): Promise<IssuerView[]> {
      return (await listActiveIssuers(db, auth.tenantId)).map(toIssuerView);
    },

    async get(auth: Caller, id: string): Promise<IssuerView> {
      return toIssuerView(await activeIssuer(auth, id));
    },

    /**
     * A new branch or issue point. Taxpayer data (RUC, business name, main address, accounting
     * obligation, special taxpayer, retention agent, RIMPE) comes from the reference issuer: the
     * source issuer when inheriting, else the oldest active one; the four overridable fields win
     * when given. tradeName and logo are inherited when omitted; branchAddress only within the
     * same branch (an issue point of the same establishment shares its address).
     */
    async create(auth: Caller, input: CreateIssuerInput): Promise<IssuerView> {
      assertMayCreate(auth);
      const { p12, password, cert, source } = await certificateFor(auth, input.certificate);
      // Registration creates an issuer and the last one cannot be deleted, so there is always one.
      const reference = source ?? (await oldestActiveIssuer(db, auth.tenantId));
      if (!reference)
        throw new AppError('CONFLICT', 'The account has no active issuer to copy the taxpayer data from');
      // dirMatriz is required on every document: an issuer is never created without it.
      const mainAddress = input.overrides.mainAddress ?? reference.mainAddress;
      if (!mainAddress)
        throw validationError(
          'mainAddress',
          'is required: the issuer this one copies its taxpayer data from has no main address',
        );
      const now = clock.now();
      const id = uuidv4();
      const row = await withTransaction(db, async (tx) => {
        if (await isPointTaken(tx, auth.tenantId, input.branchCode, input.issuePointCode))
          throw pointTaken(input);
        const inserted = await insertIssuer(tx, {
          id,
          tenantId: auth.tenantId,
          ruc: reference.ruc,
          businessName: input.overrides.businessName ?? reference.businessName,
          tradeName: input.tradeName ?? reference.tradeName,
          mainAddress,
          branchCode: input.branchCode,
          issuePointCode: input.issuePointCode,
          branchAddress:
            input.branchAddress ??
            (reference.branchCode === input.branchCode ? reference.branchAddress : null),
          emissionType: '1',
          requiredAccounting: input.overrides.requiredAccounting ?? reference.requiredAccounting,
          specialTaxpayer: input.overrides.specialTaxpayer ?? reference.specialTaxpayer,
          retentionAgentResolution: reference.retentionAgentResolution,
          rimpeRegime: reference.rimpeRegime,
          documentTypes: input.documentTypes,
          canIssue: true,
          // Its own sealed copy under its own id: renewing one issuer never touches a sibling.
          ...certificateColumns(secrets, id, p12, password, cert),
          logo: input.logo?.data ?? reference.logo,
          logoMime: input.logo?.mime ?? reference.logoMime,
          active: true,
          createdAt: now,
        });
        // Two creations racing for one point: the partial unique index decides.
        if (!inserted) throw pointTaken(input);
        for (const s of input.initialSequentials)
          await setInitialSequential(tx, id, s.documentType, s.sequential);
        await recordTenantEvent(
          tx,
          auth.tenantId,
          'CERTIFICATE_UPLOADED',
          { ...certificateEvent(id, cert), ...(source && { sourceIssuerId: source.id }) },
          now,
        );
        return inserted;
      });
      return toIssuerView(row);
    },

    /**
     * Soft delete. Refused once the issuer has any document (403 ISSUER_HAS_DOCUMENTS) and for the
     * account's last active issuer (409 CONFLICT): documents, recovery and new branches all need
     * one issuer to exist.
     */
    async remove(auth: Caller, id: string): Promise<void> {
      await activeIssuer(auth, id);
      await withTransaction(db, async (tx) => {
        const active = await lockActiveIssuers(tx, auth.tenantId);
        if (!active.includes(id)) throw new AppError('NOT_FOUND', 'Issuer not found');
        if (await hasDocuments(tx, id)) {
          throw new AppError(
            'ISSUER_HAS_DOCUMENTS',
            'The issuer has issued documents and cannot be deleted; pause it with can-issue instead',
          );
        }
        if (active.length === 1) {
          throw new AppError(
            'CONFLICT',
            'This is the account’s only active issuer; create another before deleting it',
          );
        }
        await softDeleteIssuer(tx, id, clock.now());
      });
      signingKeys.invalidate(id);
    },

    async documentTypes(auth: Caller, id: string): Promise<string[]> {
      return (await activeIssuer(auth, id)).documentTypes;
    },

    async setDocumentTypes(auth: Caller, id: string, types: string[]): Promise<string[]> {
      const row = await change(auth, id, { documentTypes: [...new Set(types)].sort() }, 'NOT_FOUND');
      return row.documentTypes;
    },

    async logo(auth: Caller, id: string): Promise<{ data: Buffer; mime: string }> {
      const row = await activeIssuer(auth, id);
      if (!row.logo || !row.logoMime) throw new AppError('NOT_FOUND', 'The issuer has no logo');
      return { data: row.logo, mime: row.logoMime };
    },

    async setLogo(auth: Caller, id: string, logo: Logo | null): Promise<void> {
      await change(auth, id, { logo: logo?.data ?? null, logoMime: logo?.mime ?? null }, 'NOT_FOUND');
    },

    async sequentials(auth: Caller, id: string) {
      const row = await activeIssuer(auth, id, 'ISSUER_NOT_FOUND');
      return readSequentials(db, id, row.documentTypes);
    },

    async setNextSequential(
      auth: Caller,
      id: string,
      documentType: string,
      environment: SequentialEnvironment,
      next: number,
    ): Promise<void> {
      await activeIssuer(auth, id, 'ISSUER_NOT_FOUND');
      await setNextSequential(db, id, documentType, environment, next);
    },

    async setCanIssue(auth: Caller, id: string, canIssue: boolean): Promise<boolean> {
      return (await change(auth, id, { canIssue }, 'ISSUER_NOT_FOUND')).canIssue;
    },

    /** Renews one issuer's certificate; siblings that inherited the old one keep their copies. */
    async renewCertificate(auth: Caller, id: string, upload: UploadedCertificate) {
      await activeIssuer(auth, id, 'ISSUER_NOT_FOUND');
      const now = clock.now();
      const cert = readP12(upload.p12, upload.password, now);
      await withTransaction(db, async (tx) => {
        const columns = certificateColumns(secrets, id, upload.p12, upload.password, cert);
        if (!(await updateActiveIssuer(tx, auth.tenantId, id, columns)))
          throw new AppError('ISSUER_NOT_FOUND', 'Issuer not found');
        await recordTenantEvent(tx, auth.tenantId, 'CERTIFICATE_RENEWED', certificateEvent(id, cert), now);
        for (const hook of deps.onCertificateRenewed ?? []) await hook(tx, id, cert.notAfter, now);
      });
      signingKeys.invalidate(id);
      return { certFingerprint: cert.fingerprint, certExpiry: cert.notAfter.toISOString() };
    },
  };
}

export type IssuersService = ReturnType<typeof createIssuersService>;

function pointTaken(input: Pick<CreateIssuerInput, 'branchCode' | 'issuePointCode'>): AppError {
  return new AppError(
    'CONFLICT',
    `An active issuer already uses branch ${input.branchCode} and issue point ${input.issuePointCode}`,
  );
}
