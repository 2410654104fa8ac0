import { authorizationXml } from '../../src/adapters/sri/authorization.js';
import type { TestContext } from '../helpers/context.js';

/** Marks a document authorized the way the lifecycle records it (the lifecycle has its own tests). */
export async function authorize(ctx: TestContext, accessKey: string): Promise<void> {
  const [doc] = await ctx.query<{ signed_xml: string }>(
    'select signed_xml from documents where access_key = $1',
    [accessKey],
  );
  const xml = authorizationXml(
    {
      status: 'AUTORIZADO',
      authorizationNumber: accessKey,
      authorizationDate: '2026-11-21T10:15:00-05:00',
      environment: 'PRUEBAS',
      document: doc!.signed_xml,
      messages: [],
    },
    accessKey,
  );
  await ctx.query(
    `update documents set status = 'AUTHORIZED', authorization_number = $1, authorization_date = '2026-11-21T15:15:00Z', authorized_xml = $2 where access_key = $1`,
    [accessKey, xml],
  );
}
