import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildSerializer } from './serializers.js';

const route = (schema: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });
const Money = () => Type.Object({ total: Type.String(), items: Type.Integer() });

describe('buildSerializer: each response serializer compiled once per process', () => {
  it('gives the serializer compiled for an equal schema, from another app build', () => {
    const first = buildSerializer({}, {})(route(Money()));
    // Another app, another copy of the same schema: nothing compiled again.
    const again = buildSerializer({}, {})(route(Money()));
    expect(again).toBe(first);
    // What it writes is fast-json-stringify's: declared fields only, in the schema's types.
    expect(first({ items: 3, total: '4.50', secret: 'x' })).toBe('{"total":"4.50","items":3}');
  });

  it('compiles again for another schema, other shared schemas or other options', () => {
    const base = buildSerializer({}, {})(route(Money()));
    expect(buildSerializer({}, {})(route(Type.Object({ total: Type.String() })))).not.toBe(base);
    const shared = { 'urn:x': Type.Object({ a: Type.String() }, { $id: 'urn:x' }) };
    expect(buildSerializer(shared, {})(route(Money()))).not.toBe(base);
    expect(buildSerializer({}, { rounding: 'floor' })(route(Money()))).not.toBe(base);
  });

  it('serves a Fastify app as its serializer factory, shared schemas included', async () => {
    const build = async () => {
      const app = Fastify({ schemaController: { compilersFactory: { buildSerializer } } });
      app.addSchema(Type.Object({ code: Type.String() }, { $id: 'urn:test-problem' }));
      app.get(
        '/p',
        { schema: { response: { 200: Type.Object({ problem: Type.Ref('urn:test-problem') }) } } },
        async () => ({ problem: { code: 'X', extra: 1 } }),
      );
      await app.ready();
      return app;
    };
    for (const app of [await build(), await build()]) {
      const res = await app.inject({ method: 'GET', url: '/p' });
      expect(res.body).toBe('{"problem":{"code":"X"}}');
      await app.close();
    }
  });
});
