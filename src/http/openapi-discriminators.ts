type Json = Record<string, unknown>;

/**
 * Gives every `discriminator` of an OpenAPI document its `mapping`: tag value -> branch reference,
 * read from each `oneOf` branch's one value (TypeBox's `Type.Literal`) on the discriminating property.
 * Without it a generator falls back to the schema names as tag values (`"InvoiceBody"`), and the
 * union collapses. The route schemas cannot carry it: ajv's `discriminator` refuses `mapping`.
 */
export function mapDiscriminators(doc: Json): void {
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const schema = node as Json;
    const discriminator = schema.discriminator as { propertyName?: string; mapping?: unknown } | undefined;
    if (discriminator?.propertyName && !discriminator.mapping && Array.isArray(schema.oneOf)) {
      const mapping: Record<string, string> = {};
      for (const branch of schema.oneOf as Json[]) {
        const ref = branch.$ref;
        if (typeof ref !== 'string') continue;
        const target = components[ref.split('/').pop()!];
        const property = (target?.properties as Record<string, Json> | undefined)?.[
          discriminator.propertyName
        ];
        // @fastify/swagger writes TypeBox's `const` as a one-value `enum`.
        const values =
          property?.const !== undefined ? [property.const] : ((property?.enum as unknown[]) ?? []);
        if (values.length === 1 && typeof values[0] === 'string') mapping[values[0]] = ref;
      }
      // A new object: the route's own schema (which ajv compiles) must not gain the mapping.
      if (Object.keys(mapping).length === (schema.oneOf as unknown[]).length)
        schema.discriminator = { ...discriminator, mapping };
    }
    for (const child of Object.values(schema)) visit(child);
  };
  visit(doc.paths);
  visit(components);
}
