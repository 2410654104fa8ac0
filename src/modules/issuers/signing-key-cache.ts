import { readP12, type SigningCertificate } from '../../adapters/signing/p12.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import type { SecretBox } from '../../shared/secrets.js';
import { type IssuerRow, openCertificate } from './issuer-store.js';

type SigningIssuer = Pick<IssuerRow, 'id' | 'certP12' | 'certPassword' | 'certFingerprint'>;

export interface SigningKeyCache {
  /**
   * The issuer's opened certificate with its private key as a KeyObject. Throws the certificate
   * codes of readP12, CERTIFICATE_EXPIRED included: a certificate that expired after upload
   * must stop signing even while it sits in the cache.
   */
  get(issuer: SigningIssuer): SigningCertificate;
  /** Drops what is cached for an issuer (its certificate was renewed). */
  invalidate(issuerId: string): void;
  /**
   * The fingerprint of the certificate cached for an issuer, or null: a reader that finds the same
   * fingerprint on the row may leave the sealed P12 out (`get` then answers from the cache).
   */
  cachedFingerprint(issuerId: string): string | null;
}

/**
 * Opening a sealed P12 and parsing it costs 40-100 ms, an RSA signature about 0.5 ms: documents
 * are signed with a parsed certificate kept per (issuer, fingerprint). The fingerprint comes
 * from the row the caller just read, so a renewal made by another process (API vs worker) is
 * picked up at once even without `invalidate`; `invalidate` frees the old entry early.
 * Least recently used entries leave first once `maxEntries` is reached.
 */
export function createSigningKeyCache(deps: {
  secrets: SecretBox;
  clock: Clock;
  maxEntries?: number;
}): SigningKeyCache {
  const { secrets, clock } = deps;
  const maxEntries = deps.maxEntries ?? 500;
  // Map iteration follows insertion order: re-inserting on each hit keeps the oldest use first.
  const entries = new Map<string, { fingerprint: string; cert: SigningCertificate }>();

  return {
    get(issuer) {
      const now = clock.now();
      const hit = entries.get(issuer.id);
      if (hit && hit.fingerprint === issuer.certFingerprint) {
        entries.delete(issuer.id);
        entries.set(issuer.id, hit);
        if (hit.cert.notAfter.getTime() <= now.getTime()) {
          throw new AppError(
            'CERTIFICATE_EXPIRED',
            `The certificate expired on ${hit.cert.notAfter.toISOString()}`,
          );
        }
        return hit.cert;
      }
      const sealed = openCertificate(secrets, issuer);
      if (!sealed) {
        throw new AppError('CERTIFICATE_KEY_NOT_FOUND', 'The issuer has no signing certificate on file');
      }
      const cert = readP12(sealed.p12, sealed.password, now);
      entries.delete(issuer.id);
      entries.set(issuer.id, { fingerprint: cert.fingerprint, cert });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return cert;
    },

    invalidate(issuerId) {
      entries.delete(issuerId);
    },

    cachedFingerprint(issuerId) {
      return entries.get(issuerId)?.fingerprint ?? null;
    },
  };
}
