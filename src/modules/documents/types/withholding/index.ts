import type { DocumentTypeDefinition } from '../definition.js';
import { computeWithholding, type WithholdingContent } from './compute.js';
import { withholdingRideView } from './ride.js';
import { WithholdingBody } from './schema.js';
import { buildWithholdingXml, WITHHOLDING_ROOT, WITHHOLDING_VERSION } from './xml.js';

/** 07 comprobante de retención 2.0.0: the buyer withholds renta and IVA from its suppliers. */
export const withholdingType: DocumentTypeDefinition<typeof WithholdingBody, WithholdingContent> = {
  code: '07',
  rootElement: WITHHOLDING_ROOT,
  schemaVersion: WITHHOLDING_VERSION,
  bodySchema: WithholdingBody,
  compute: computeWithholding,
  buildXml: buildWithholdingXml,
  ride: (header, content) => ({ view: withholdingRideView(header, content) }),
  summary: (content) => ({
    counterpartIdType: content.subject.idType,
    counterpartId: content.subject.id,
    counterpartName: content.subject.name,
    emails: [content.subject.email],
    total: content.totalWithheld,
    // One retención may cover several supporting documents: no single original (definition.ts).
    original: null,
  }),
};
