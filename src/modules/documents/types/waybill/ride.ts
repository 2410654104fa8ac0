import type { RideView, ViewField, ViewSection } from '../../../../adapters/ride/view.js';
import { describeItem, documentTypeLabel, type RideHeader, viewHeader } from '../common/ride.js';
import type { NameValue } from '../common/schemas.js';

/** What the guía RIDE shows: fields of WaybillContent, or of a received 06. */
export interface WaybillRide {
  departureAddress: string;
  transportStartDate: string;
  transportEndDate: string;
  carrier: { id: string; name: string; licensePlate: string };
  recipients: WaybillRideRecipient[];
  additionalInfo: NameValue[];
}

interface WaybillRideRecipient {
  id: string;
  name: string;
  address: string;
  transferReason: string;
  customsDocument: string | null;
  destinationBranchCode: string | null;
  route: string | null;
  supportingDocument: {
    documentType: string;
    number: string;
    issueDate: string;
    /** Ours always has one; a received guía may not. */
    authorizationNumber: string | null;
  } | null;
  items: {
    quantity: string;
    description: string;
    additionalDetails: NameValue[];
    mainCode: string | null;
    auxiliaryCode: string | null;
  }[];
}

/**
 * The guía RIDE (OCA 15.0 report_e_delivery_note): the carrier block (identification, name,
 * plate, departure point, transport dates), then per recipient its sales document, reason,
 * destination, identification and name, customs document, destination branch and route, and its
 * goods (codes, description, quantity). No totals: a guía has no amounts.
 */
export function waybillRideView(header: RideHeader, content: WaybillRide): RideView {
  const { carrier } = content;
  return {
    ...viewHeader('06', header),
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

function recipientSection(r: WaybillRideRecipient): ViewSection {
  const fields: ViewField[] = [];
  const doc = r.supportingDocument;
  if (doc) {
    fields.push({ label: 'supportingDocument', value: documentTypeLabel(doc.documentType) });
    fields.push({ label: 'documentNumber', value: doc.number });
    fields.push({ label: 'supportingDocumentDate', value: doc.issueDate });
    if (doc.authorizationNumber !== null)
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
      rows: r.items.map((i) => [i.quantity, describeItem(i), i.mainCode ?? '', i.auxiliaryCode ?? '']),
    },
  };
}
