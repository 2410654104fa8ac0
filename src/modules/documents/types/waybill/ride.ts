import type { RideView, ViewField, ViewSection } from '../../../../adapters/ride/view.js';
import { documentTypeLabel } from '../common/ride.js';
import type { DocumentHeader } from '../definition.js';
import type { WaybillContent, WaybillRecipient } from './compute.js';

/**
 * The guía RIDE (OCA 15.0 report_e_delivery_note): the carrier block (identification, name,
 * plate, departure point, transport dates), then per recipient its sales document, reason,
 * destination, identification and name, customs document, destination branch and route, and its
 * goods (codes, description, quantity). No totals: a guía has no amounts.
 */
export function waybillRideView(header: DocumentHeader, content: WaybillContent): RideView {
  const { carrier } = content;
  return {
    documentType: '06',
    environment: header.environment,
    accessKey: header.accessKey,
    sequential: header.sequential,
    issueDate: header.issueDate,
    issuer: header.issuer,
    party: [
      { label: 'carrierName', value: carrier.name, wide: true },
      { label: 'carrierId', value: carrier.id },
      { label: 'plate', value: carrier.licensePlate },
      { label: 'departure', value: content.departureAddress, wide: true },
      { label: 'transportStart', value: content.transportStartDate },
      { label: 'transportEnd', value: content.transportEndDate },
      { label: 'issueDate', value: header.issueDate },
    ],
    sections: content.recipients.map(recipientSection),
    totals: [],
    additionalInfo: content.additionalInfo,
  };
}

function recipientSection(r: WaybillRecipient): ViewSection {
  const fields: ViewField[] = [];
  const doc = r.supportingDocument;
  if (doc) {
    fields.push({ label: 'supportingDocument', value: documentTypeLabel(doc.documentType) });
    fields.push({ label: 'documentNumber', value: doc.number });
    fields.push({ label: 'supportingDocumentDate', value: doc.issueDate });
    fields.push({ label: 'authorizationNumber', value: doc.authorizationNumber });
  }
  fields.push({ label: 'transferReason', value: r.transferReason, wide: true });
  fields.push({ label: 'destination', value: r.address, wide: true });
  fields.push({ label: 'recipientId', value: r.id });
  if (r.customsDocument) fields.push({ label: 'customsDocument', value: r.customsDocument });
  if (r.destinationBranchCode) fields.push({ label: 'destinationBranch', value: r.destinationBranchCode });
  if (r.route) fields.push({ label: 'route', value: r.route, wide: true });
  return {
    title: { label: 'recipient', value: r.name },
    fields,
    table: {
      columns: [
        { label: 'quantity', width: 60, align: 'right' },
        { label: 'description', width: 0, align: 'left' },
        { label: 'mainCode', width: 80, align: 'left' },
        { label: 'auxiliaryCode', width: 80, align: 'left' },
      ],
      rows: r.items.map((i) => [
        i.quantity,
        i.additionalDetails.length
          ? `${i.description} (${i.additionalDetails.map((d) => `${d.name}: ${d.value}`).join('; ')})`
          : i.description,
        i.mainCode ?? '',
        i.auxiliaryCode ?? '',
      ]),
    },
  };
}
