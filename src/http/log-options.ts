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

/** Tokens in query strings (verification links, magic links) and shared-document paths are cut out of logged URLs. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|key|secret)=)[^&]*/gi, '$1[REDACTED]')
    .replace(/^(\/v1\/shared\/)[^/?#]+/, '$1[REDACTED]');
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
