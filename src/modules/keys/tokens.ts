import { randomBase62, sha256Hex } from '../../shared/secrets.js';

/**
 * API key tokens: `eik_test_…` (sandbox), `eik_live_…` (production), `eik_sess_…` (web-app
 * sessions), then 40 base62 characters (~238 bits). Only the SHA-256 hash and a short
 * visible prefix are stored; the token is shown once.
 */
export function newApiToken(kind: 'sandbox' | 'production' | 'session'): {
  token: string;
  hash: string;
  prefix: string;
} {
  const tag = kind === 'sandbox' ? 'test' : kind === 'production' ? 'live' : 'sess';
  const token = `eik_${tag}_${randomBase62(40)}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, 13) };
}

export function hashApiToken(token: string): string {
  return sha256Hex(token);
}

export const API_TOKEN_RE = /^eik_(test|live|sess)_[0-9A-Za-z]{40}$/;
