import { Type } from '@sinclair/typebox';
import { ERROR_STATUS, problemKind, STATUS_TITLES } from '../shared/errors.js';
import type { App } from './types.js';

/**
 * Makes the problem `type` URLs resolvable: /docs/errors/<kind> lists the codes of that kind.
 */
export function registerErrorPages(app: App): void {
  app.get('/docs/errors/:kind', {
    schema: { hide: true, params: Type.Object({ kind: Type.String() }) },
    handler: async (request, reply) => {
      const codes = Object.entries(ERROR_STATUS).filter(
        ([, status]) => problemKind(status) === request.params.kind,
      );
      if (codes.length === 0) return reply.code(404).type('text/html').send('<h1>Unknown error kind</h1>');
      const status = codes[0]![1];
      const rows = codes.map(([code]) => `<li><code>${code}</code></li>`).join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>${status} ${STATUS_TITLES[status]}</title><body style="font-family:sans-serif;max-width:720px;margin:2em auto"><h1>${status} ${STATUS_TITLES[status]}</h1><p>Problem documents of this kind carry one of these codes in <code>code</code>; <code>detail</code> says what went wrong for your request. See <a href="/docs">the API documentation</a>.</p><ul>${rows}</ul></body>`,
        );
    },
  });
}
