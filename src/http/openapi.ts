import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const API_VERSION = '1.3.1';

/** OpenAPI 3.1 generated from the route schemas, served at /v1/openapi.json, with a docs page at /docs. */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'einvoice-ec API',
        version: API_VERSION,
        description:
          'Electronic invoicing for Ecuador (SRI): invoices, purchase settlements, credit notes, debit notes, waybills and withholding receipts signed with XAdES-BES, submitted and followed until authorized, RIDE PDFs, emails, notifications and signed webhooks. Every error is an RFC 9457 problem document with a stable `code`. Input limits on every route: a JSON body nests at most 32 arrays/objects deep, and no text (JSON strings and field names, query, path, headers, multipart fields) may hold U+0000, another C0 control except tab, LF and CR, U+FFFE/U+FFFF or an unpaired surrogate: 400 VALIDATION_FAILED naming the field. Bodies are at most 2 MB (413 PAYLOAD_TOO_LARGE).',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key: Authorization: Bearer eik_test_…',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const auth = (route.config as { auth?: { scope: string | null } } | undefined)?.auth;
      const out = { ...(schema as Record<string, unknown>) };
      if (auth) {
        out.security = [{ bearerAuth: [] }];
        const scopeNote = auth.scope ? `Scope: \`${auth.scope}\`.` : 'Any active key (scope-exempt).';
        out.description = out.description ? `${out.description}\n\n${scopeNote}` : scopeNote;
      }
      return { schema: out as never, url };
    },
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
