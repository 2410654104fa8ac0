import type { Config } from './config.js';

/** Where a request came to, as Fastify reads it (behind a proxy: X-Forwarded-* when TRUST_PROXY). */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

/**
 * The base of every link the service writes for a person to open (the links of every email): the
 * configured PUBLIC_BASE_URL; where none is configured, the scheme and host the request came to, so
 * a development server reached as 192.168.1.20:3000 from a phone mails links that open on that
 * phone; with no request (a job), the default base. Production requires PUBLIC_BASE_URL
 * (config.ts): a link built from a Host header an attacker chose would carry the token to them.
 */
export function linkBase(
  config: Pick<Config, 'publicBaseUrl' | 'publicBaseUrlExplicit'>,
  origin?: RequestOrigin | null,
): string {
  if (config.publicBaseUrlExplicit || !origin?.host) return config.publicBaseUrl;
  return `${origin.protocol}://${origin.host}`;
}
