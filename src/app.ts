import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { Deps } from './deps.js';
import { registerAuth } from './http/auth.js';
import { registerAuthCache } from './http/auth-cache.js';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.js';
import { registerErrorPages } from './http/error-pages.js';
import { registerHealthRoutes } from './http/health.js';
import { registerInputLimits } from './http/input-limits.js';
import { registerOpenApi } from './http/openapi.js';
import { registerProblemDocsUrl } from './http/problem.js';
import { ProblemSchema } from './http/schemas.js';
import { buildSerializer } from './http/serializers.js';
import type { App } from './http/types.js';
import { validatorCompiler } from './http/validation.js';
import { registerWebApp } from './http/web-app.js';
import { registerOperatorApi } from './modules/admin/index.js';
import { registerAgreementRoutes } from './modules/agreements/index.js';
import { registerAtsRoutes } from './modules/ats/index.js';
import {
  registerBillingRoutes,
  registerPaymentRoutes,
  registerPromotionRoutes,
} from './modules/billing/index.js';
import { registerCatalogRoutes } from './modules/catalogs/index.js';
import { registerCustomerRoutes } from './modules/customers/index.js';
import { registerDeliveryRoutes } from './modules/delivery/index.js';
import {
  registerDocumentExtrasRoutes,
  registerDocumentRoutes,
  registerDryRunRoute,
} from './modules/documents/index.js';
import { registerExportRoutes } from './modules/exports/index.js';
import { registerIssuerRoutes } from './modules/issuers/index.js';
import { registerKeyRoutes } from './modules/keys/index.js';
import { registerNotificationRoutes } from './modules/notifications/index.js';
import { registerProductRoutes } from './modules/products/index.js';
import { registerPurchaseRoutes } from './modules/purchases/index.js';
import { registerRequestLog, registerRequestLogRoutes } from './modules/request-log/index.js';
import { registerSessionRoutes } from './modules/sessions/index.js';
import { registerSharingRoutes } from './modules/sharing/index.js';
import { registerSubmissionRoutes } from './modules/submission/index.js';
import { registerTenantRoutes } from './modules/tenants/index.js';
import { registerWebhookRoutes } from './modules/webhooks/index.js';
import { OPENAPI_EXAMPLES } from './openapi-examples.js';
import { registerApiRateLimit } from './rate-limit/index.js';
import { uuidv4 } from './shared/ids.js';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

import { redactUrl } from './http/log-options.js';

export { loggerOptions, redactUrl } from './http/log-options.js';

/** Builds the HTTP application; tests use it with `app.inject`. */
export async function buildApp(deps: Deps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.log as never,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : uuidv4();
    },
    requestIdLogLabel: 'requestId',
    // One line per request (below), not Fastify's two ("incoming request", "request completed").
    disableRequestLogging: true,
    ajv: { customOptions: { removeAdditional: true } },
    schemaController: { compilersFactory: { buildSerializer } },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  // One info line per request when it has been answered: method, path (tokens cut out), client
  // address, status, time. Registered only when info is logged (LOG_LEVEL=info, the default).
  if (config.nodeEnv !== 'test' && deps.log.isLevelEnabled('info')) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request completed',
      );
      done();
    });
  }
  registerProblemDocsUrl(app, `${config.publicBaseUrl}/docs`);
  app.setValidatorCompiler(validatorCompiler);
  app.addSchema(ProblemSchema);
  // Hooks every request runs take a callback: an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerErrorHandling(app);

  // JSON depth and illegal characters, before authentication and validation read any input.
  // An empty JSON body (curl -X POST -H 'content-type: application/json') is an empty object, and
  // a POST/PUT/PATCH without a body validates as `{}`: routes with optional bodies just work, and
  // routes with required fields name the missing ones instead of "body must be object".
  registerInputLimits(app as never);
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      request.body === undefined &&
      (request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH')
    ) {
      request.body = {};
    }
    done();
  });

  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 6 * 1024 * 1024, files: 5, fields: 60, fieldSize: 64 * 1024 },
  });
  const { apiRateLimit, adminRateLimit } = config;
  // Every API process counts in PostgreSQL, a range of counts per statement, so the limit is per
  // key across processes, not per process (docs/hardening.md, "Rate limits").
  registerApiRateLimit(app as never, {
    counter: deps.rateLimits.apiCounter,
    api: apiRateLimit,
    admin: adminRateLimit,
  });
  await registerOpenApi(app as never, { publicBaseUrl: config.publicBaseUrl, examples: OPENAPI_EXAMPLES });
  registerAuth(app as never, deps.authPorts, deps.rateLimits.authFailures);
  registerRequestLog(app as never, {
    recorder: deps.requestLogRecorder,
    clock: deps.clock,
    authenticate: deps.authPorts.authenticate,
  });
  registerAuthCache(app as never, deps);

  registerHealthRoutes(app, deps.db);
  registerErrorPages(app);
  registerTenantRoutes(app, { tenants: deps.tenants, limiter: deps.limiter, config });
  registerSessionRoutes(app, { sessions: deps.sessions, config });
  registerKeyRoutes(app, deps.keys);
  registerIssuerRoutes(app, deps.issuers);
  registerCatalogRoutes(app);
  registerDocumentRoutes(app, deps.documents, deps.dryRun);
  registerDryRunRoute(app, deps.dryRun);
  registerDeliveryRoutes(app, deps.delivery);
  registerNotificationRoutes(app, deps.notifications.api);
  registerWebhookRoutes(app, deps.webhooks);
  registerDocumentExtrasRoutes(app, deps.documentExtras);
  registerSharingRoutes(app, deps.sharing);
  registerExportRoutes(app, deps.exports);
  registerCustomerRoutes(app, deps.customers);
  registerProductRoutes(app, deps.products);
  registerPurchaseRoutes(app, deps.purchases);
  registerAtsRoutes(app, deps.ats);
  registerSubmissionRoutes(app, { submission: deps.submission.service, db: deps.db, clock: deps.clock });
  registerAgreementRoutes(app, deps.agreements);
  registerBillingRoutes(app, { subscriptions: deps.billing.subscriptions, tiers: deps.billing.tiers });
  registerPaymentRoutes(app, deps.billing.payments);
  registerPromotionRoutes(app, deps.billing.promotion);
  registerRequestLogRoutes(app, deps.requestLog);
  await registerOperatorApi(app, deps.operator, config.adminToken, deps.rateLimits.authFailures);
  // Last: its catch-all GET answers what no API route claimed.
  await registerWebApp(app);

  return app;
}
