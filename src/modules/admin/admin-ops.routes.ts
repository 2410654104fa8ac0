import { Type } from '@sinclair/typebox';
import { Ok, problems } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { TemplateSchema } from '../agreements/index.js';
import {
  AnnounceBody,
  Holiday,
  HolidayParams,
  HolidaysQuery,
  JobParams,
  JobRunResponse,
  PriceChangeSchema,
  PublishBody,
  security,
  tags,
} from './admin.schemas.js';
import { parseEffectiveAt } from './effective-at.js';
import type { OperatorServices } from './operator-services.js';

const errors = (...s: number[]) => problems(400, 401, 404, 429, 500, ...s);

export function registerAdminOpsRoutes(app: App, ops: OperatorServices): void {
  app.get('/agreements', {
    schema: {
      tags,
      security,
      operationId: 'adminListAgreements',
      summary: 'Every published agreement version, newest first per type',
      response: { 200: Type.Object({ ok: Ok, agreements: Type.Array(TemplateSchema) }), ...errors() },
    },
    handler: async () => ({ ok: true as const, agreements: await ops.agreements.templates() }),
  });

  app.post('/agreements', {
    schema: {
      tags,
      security,
      operationId: 'adminPublishAgreement',
      summary: 'Publish a new version of an agreement template',
      description:
        'It becomes the current version of its type at once; tenants see that type (only) as outdated until they accept it. Placeholders {{businessName}}, {{ruc}}, {{email}}, {{date}} are filled per tenant. A version already published: 409 CONFLICT.',
      body: PublishBody,
      response: { 201: Type.Object({ ok: Ok, agreement: TemplateSchema }), ...errors(409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ ok: true as const, agreement: await ops.agreements.publish(request.body) }),
  });

  app.get('/prices', {
    schema: {
      tags,
      security,
      operationId: 'adminListPriceChanges',
      summary: 'Announced price changes, newest first',
      response: { 200: Type.Object({ ok: Ok, priceChanges: Type.Array(PriceChangeSchema) }), ...errors() },
    },
    handler: async () => ({ ok: true as const, priceChanges: await ops.priceChanges.list() }),
  });

  app.post('/prices', {
    schema: {
      tags,
      security,
      operationId: 'adminAnnouncePriceChange',
      summary: 'Announce a price change of a paid plan (at least 30 days ahead)',
      description:
        'Tenants with an ACTIVE subscription on that plan and interval get PRICE_CHANGE_ANNOUNCED (mandatory, in-app and email) now, and those who subscribe before the effective date get it from the daily job. Renewals due before effectiveAt keep the current price; the daily job puts the new price in force on that date. One pending announcement per plan and interval (409 CONFLICT).',
      body: AnnounceBody,
      response: {
        201: Type.Object({ ok: Ok, priceChange: PriceChangeSchema, notified: Type.Integer() }),
        ...errors(409),
      },
    },
    handler: async (request, reply) =>
      reply.code(201).send({
        ok: true as const,
        ...(await ops.priceChanges.announce({
          ...request.body,
          effectiveAt: parseEffectiveAt(request.body.effectiveAt),
        })),
      }),
  });

  app.get('/holidays', {
    schema: {
      tags,
      security,
      operationId: 'adminListHolidays',
      summary: "Ecuador's national holidays the voiding window skips, oldest first",
      querystring: HolidaysQuery,
      response: { 200: Type.Object({ ok: Ok, holidays: Type.Array(Holiday) }), ...errors() },
    },
    handler: async (request) => ({
      ok: true as const,
      holidays: await ops.holidays.list(request.query.year),
    }),
  });

  app.post('/holidays', {
    schema: {
      tags,
      security,
      operationId: 'adminAddHoliday',
      summary: 'Add a national holiday (a day moved by decree, a new one)',
      description:
        'The voiding window of a document ends on day 7 of the month after its issue, or on the next business day when that day is a weekend or a holiday: a holiday added here moves the windows ending on it at once. A day already listed: 409 CONFLICT.',
      body: Holiday,
      response: { 201: Type.Object({ ok: Ok, holiday: Holiday }), ...errors(409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ ok: true as const, holiday: await ops.holidays.add(request.body) }),
  });

  app.delete('/holidays/:date', {
    schema: {
      tags,
      security,
      operationId: 'adminRemoveHoliday',
      summary: 'Remove a holiday (e.g. one a decree moved to another day)',
      params: HolidayParams,
      response: { 200: Type.Object({ ok: Ok, holiday: Holiday }), ...errors() },
    },
    handler: async (request) => ({
      ok: true as const,
      holiday: await ops.holidays.remove(request.params.date.replaceAll('-', '/')),
    }),
  });

  app.get('/jobs', {
    schema: {
      tags,
      security,
      operationId: 'adminListJobs',
      summary: 'The scheduled jobs that can be run now',
      response: { 200: Type.Object({ ok: Ok, jobs: Type.Array(Type.String()) }), ...errors() },
    },
    handler: async () => ({ ok: true as const, jobs: ops.jobNames() }),
  });

  app.post('/jobs/:name/run', {
    schema: {
      tags,
      security,
      operationId: 'adminRunJob',
      summary: 'Run a scheduled job now, at the service’s current time',
      description:
        'The daily jobs are idempotent: running one again the same day changes nothing more. Unknown name: 404.',
      params: JobParams,
      response: { 200: JobRunResponse, ...errors() },
    },
    handler: async (request) => ({ ok: true as const, ...(await ops.runJob(request.params.name)) }),
  });
}
