import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** Fastify's own serializer factory (fast-json-stringify), which this one wraps. */
const compileWith = SerializerSelector();
const compiled = new Map<string, ReturnType<ReturnType<SerializerFactory>>>();

/**
 * Fastify's response serializers (fast-json-stringify), each compiled once per process: a
 * serializer depends only on the response schema, the shared schemas (`addSchema`) and the
 * options, so an app built again in the same process (a test file builds one or more; a run
 * builds hundreds) reuses what an earlier build compiled. Compiling them was about 40 % of the CPU
 * of building the app (a V8 profile of twelve builds); a process that builds one app, as the
 * service does, compiles as before. Given to Fastify as `schemaController.compilersFactory`.
 */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = compileWith(externalSchemas, options);
  const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
  return (route) => {
    const key = `${context}\n${JSON.stringify(route.schema)}`;
    let serializer = compiled.get(key);
    if (!serializer) {
      serializer = compile(route);
      compiled.set(key, serializer);
    }
    return serializer;
  };
};
