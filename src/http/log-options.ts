import type { FastifyServerOptions } from 'fastify';

/*
 * The logger's settings, apart from the app so that a worker-only process (src/main.ts) can log
 * without loading the HTTP application.
 */

/** Paths that must never reach a log line. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.certPassword',
  '*.token',
  '*.apiKey',
  '*.secret',
  '*.cert',
  '*.p12',
];

/**
 * A query-string name whose value is a credential: any name containing one of these words, in any
 * case and however it is percent-encoded (`api_key`, `access_token`, `X-Signature`, `client_secret`…).
 * A pattern, not a list: a client inventing its own name for a credential is still covered.
 */
const SECRET_NAME = /key|token|secret|passw|code|signature|auth|credential/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The query string with the value of every credential-like name cut out. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_NAME.test(decodedName(name)) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
}

/** Credentials in query strings (verification links, magic links, keys) and shared-document paths are cut out of logged URLs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/^(\/v1\/shared\/)[^/?#]+/, '$1[REDACTED]');
  return q < 0 ? path : `${path}?${redactQuery(url.slice(q + 1))}`;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
