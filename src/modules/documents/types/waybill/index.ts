import type { DocumentTypeDefinition } from '../definition.js';
import { computeWaybill, type WaybillContent } from './compute.js';
import { waybillRideView } from './ride.js';
import { WaybillBody } from './schema.js';
import { buildWaybillXml, WAYBILL_ROOT, WAYBILL_VERSION } from './xml.js';

/** 06 guía de remisión 1.1.0: the transport document that travels with the goods. */
export const waybillType: DocumentTypeDefinition<typeof WaybillBody, WaybillContent> = {
  code: '06',
  rootElement: WAYBILL_ROOT,
  schemaVersion: WAYBILL_VERSION,
  bodySchema: WaybillBody,
  compute: computeWaybill,
  buildXml: buildWaybillXml,
  ride: (header, content) => ({ view: waybillRideView(header, content) }),
  summary: (content) => ({
    counterpartIdType: content.carrier.idType,
    counterpartId: content.carrier.id,
    counterpartName: content.carrier.name,
    // Each recipient gets the RIDE and XML (the XSD has no email; our choice, REFERENCE-TYPES.md §7).
    emails: [...new Set(content.recipients.map((r) => r.email))],
    total: '0.00',
    original: null,
  }),
};
