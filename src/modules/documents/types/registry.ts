/**
 * The document types this service issues. Adding a type = its folder under types/ and one line
 * here; the route's body schema, the pipeline, rebuild, the list and the emails follow.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { creditNote } from './credit-note/index.js';
import { debitNoteType } from './debit-note/index.js';
import type { DocumentTypeCode, DocumentTypeDefinition } from './definition.js';
import { invoice } from './invoice/index.js';
import { purchaseSettlementType } from './purchase-settlement/index.js';
import { waybillType } from './waybill/index.js';
import { withholdingType } from './withholding/index.js';

export const DOCUMENT_TYPES = [
  invoice,
  purchaseSettlementType,
  creditNote,
  debitNoteType,
  waybillType,
  withholdingType,
] as const;

type Registered = (typeof DOCUMENT_TYPES)[number];
/** The body of POST /v1/documents: one of the registered types' bodies, by `documentType`. */
export type DocumentBody = Static<Registered['bodySchema']>;
export type IssuableType = Registered['code'];

export const ISSUABLE_TYPES: readonly IssuableType[] = DOCUMENT_TYPES.map((d) => d.code);

const byCode = new Map<string, DocumentTypeDefinition>(
  DOCUMENT_TYPES.map((d) => [d.code, d as unknown as DocumentTypeDefinition]),
);

/** The definition of a registered type (throws for a code no definition claims). */
export function definitionOf(code: DocumentTypeCode | string): DocumentTypeDefinition {
  const def = byCode.get(code);
  if (!def) throw new Error(`no document type definition for ${code}`);
  return def;
}

/**
 * Each body as a named schema (`$id` InvoiceBody, CreditNoteBody, …, from its title): the OpenAPI
 * document lists them as components and the union refers to them, so the discriminator can
 * select one.
 */
function named(schema: TSchema & { title?: string }): TSchema {
  const words = (schema.title ?? 'Document').replace(/\s*\(\d{2}\)$/, '').split(/\s+/);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return { ...schema, $id: `${name}Body` };
}

/**
 * One schema for every body, validated once by the route: ajv's `discriminator` picks the branch
 * by `documentType` (only that branch is checked and reported), and the `enum` beside it names
 * the issuable types when the value is none of them.
 */
export const DocumentBodySchema = Type.Unsafe<DocumentBody>({
  type: 'object',
  title: 'Document body',
  description: `Selected by documentType: ${DOCUMENT_TYPES.map((d) => `${d.code} ${d.label ?? d.rootElement}`).join(', ')}.`,
  required: ['documentType'],
  properties: { documentType: { type: 'string', enum: [...ISSUABLE_TYPES] } },
  // The other members belong to the branch the discriminator selects (a linter that treats an
  // absent additionalProperties as false would otherwise refuse every real body here).
  additionalProperties: true,
  discriminator: { propertyName: 'documentType' },
  oneOf: DOCUMENT_TYPES.map((d) => named(d.bodySchema)),
});

/**
 * The rebuild body: nothing (or `{}`) re-signs the stored document as it is; otherwise a whole
 * body of the document's type, validated like a creation.
 */
export const RebuildBodySchema = Type.Unsafe<DocumentBody | Record<string, never>>({
  if: { type: 'object', maxProperties: 0 },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else
  then: {},
  else: DocumentBodySchema,
});
