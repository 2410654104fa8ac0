import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/pool.js';
import { AppError } from '../shared/errors.js';
import { Ok, problems } from './schemas.js';
import type { App } from './types.js';

export function registerHealthRoutes(app: App, db: Executor): void {
  app.get('/healthz', {
    schema: {
      tags: ['Health'],
      operationId: 'getLiveness',
      summary: 'Liveness: the process answers',
      response: { 200: Type.Object({ ok: Ok, status: Type.Literal('alive') }), ...problems(429) },
    },
    handler: async () => ({ ok: true as const, status: 'alive' as const }),
  });
  app.get('/readyz', {
    schema: {
      tags: ['Health'],
      operationId: 'getReadiness',
      summary: 'Readiness: the database answers',
      response: {
        200: Type.Object({ ok: Ok, status: Type.Literal('ready'), database: Type.Literal('up') }),
        ...problems(429, 503),
      },
    },
    handler: async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer');
      }
      return { ok: true as const, status: 'ready' as const, database: 'up' as const };
    },
  });
}
