import { describe, expect, it } from 'vitest';
import { ISSUABLE_DOCUMENT_TYPES } from '../../src/modules/catalogs/catalogs.data.js';
import { DOCUMENT_TYPES, definitionOf } from '../../src/modules/documents/types/registry.js';

describe('the document type registry', () => {
  it('the types issuers may enable are exactly the registered ones', () => {
    expect([...ISSUABLE_DOCUMENT_TYPES].sort()).toEqual(DOCUMENT_TYPES.map((d) => d.code).sort());
  });

  it('each definition is found by its code, and its body schema takes that code only', () => {
    for (const d of DOCUMENT_TYPES) {
      expect(definitionOf(d.code)).toBe(d);
      expect(d.bodySchema.properties.documentType).toMatchObject({ const: d.code });
    }
    expect(() => definitionOf('02')).toThrow(/no document type definition for 02/);
  });
});
