import {
  FieldErrors,
  nameValueList,
  optionalText,
  requiredDate,
  requiredDecimal,
  requiredEmail,
  requiredText,
} from '../../field-checks.js';
import { checkIssueDate, checkParty, TEXT_300 } from '../common/checks.js';
import type { NameValue } from '../common/schemas.js';
import type { TypeContext } from '../definition.js';
import type { WaybillBodyT } from './schema.js';

interface WaybillItem {
  mainCode: string | null;
  auxiliaryCode: string | null;
  description: string;
  /** Up to 6 decimals, as given. */
  quantity: string;
  additionalDetails: NameValue[];
}

export interface WaybillRecipient {
  id: string;
  name: string;
  address: string;
  email: string;
  transferReason: string;
  customsDocument: string | null;
  destinationBranchCode: string | null;
  route: string | null;
  supportingDocument: {
    documentType: string;
    number: string;
    authorizationNumber: string;
    issueDate: string;
  } | null;
  items: WaybillItem[];
}

export interface WaybillContent {
  /** Only in the access key: the XML has no fechaEmision. */
  issueDate: string;
  departureAddress: string;
  transportStartDate: string;
  transportEndDate: string;
  carrier: { idType: string; id: string; name: string; licensePlate: string };
  recipients: WaybillRecipient[];
  additionalInfo: NameValue[];
}

/**
 * REFERENCE-TYPES.md §5, the "safe choice" for the dates (the rule behind SRI error 82 is not in
 * the sources): issue date ≤ transport start ≤ transport end; at least one recipient, each with at
 * least one item of positive quantity; a supporting sales document dated on or before the issue
 * date. No amounts at all.
 */
export function computeWaybill(body: WaybillBodyT, ctx: TypeContext): WaybillContent {
  const errs = new FieldErrors();
  const issued = checkIssueDate(errs, body.issueDate, ctx.today);
  const departureAddress = requiredText(errs, 'departureAddress', body.departureAddress, TEXT_300);
  // Left out, the goods leave on the issue date and arrive the day they leave (decisions in docs/document-types.md).
  const startText = body.transportStartDate ?? issued?.text;
  const endText = body.transportEndDate ?? startText;
  const start = startText === undefined ? null : requiredDate(errs, 'transportStartDate', startText);
  const end = endText === undefined ? null : requiredDate(errs, 'transportEndDate', endText);
  if (start !== null && issued && start < issued.day) {
    errs.add('transportStartDate', `must not be before the issue date (${issued.text})`);
  }
  if (start !== null && end !== null && end < start) {
    errs.add('transportEndDate', 'must not be before transportStartDate');
  }
  const carrier = checkParty(errs, 'carrier', body.carrier, { allowFinalConsumer: false, email: false });
  const plate = requiredText(errs, 'carrier.licensePlate', body.carrier.licensePlate, { max: 20 });
  if (body.recipients.length === 0) errs.add('recipients', 'at least one recipient is required');
  const recipients = body.recipients.map((r, i) =>
    checkRecipient(errs, `recipients[${i}]`, r, issued?.day ?? null),
  );
  const additionalInfo = nameValueList(errs, 'additionalInfo', body.additionalInfo, 15);
  errs.throwIfAny();
  return {
    issueDate: issued!.text,
    departureAddress: departureAddress!,
    transportStartDate: startText!,
    transportEndDate: endText!,
    carrier: { idType: carrier!.idType, id: carrier!.id, name: carrier!.name, licensePlate: plate! },
    recipients: recipients as WaybillRecipient[],
    additionalInfo,
  };
}

type RecipientBody = WaybillBodyT['recipients'][number];

function checkRecipient(
  errs: FieldErrors,
  at: string,
  r: RecipientBody,
  issueDay: number | null,
): WaybillRecipient | null {
  const before = errs.errors.length;
  const id = requiredText(errs, `${at}.id`, r.id, { max: 20 });
  const name = requiredText(errs, `${at}.name`, r.name, TEXT_300);
  const address = requiredText(errs, `${at}.address`, r.address, TEXT_300);
  const email = requiredEmail(errs, `${at}.email`, r.email);
  const transferReason = requiredText(errs, `${at}.transferReason`, r.transferReason, TEXT_300);
  const customsDocument = optionalText(errs, `${at}.customsDocument`, r.customsDocument, { max: 20 });
  const route = optionalText(errs, `${at}.route`, r.route, TEXT_300);
  const doc = r.supportingDocument ?? null;
  if (doc) {
    const day = requiredDate(errs, `${at}.supportingDocument.issueDate`, doc.issueDate);
    if (day !== null && issueDay !== null && day > issueDay) {
      errs.add(`${at}.supportingDocument.issueDate`, "must not be after the waybill's issue date");
    }
  }
  if (r.items.length === 0) errs.add(`${at}.items`, 'at least one item is required');
  const items = r.items.map((item, j): WaybillItem | null => {
    const path = `${at}.items[${j}]`;
    const mainCode = optionalText(errs, `${path}.mainCode`, item.mainCode, { max: 25 });
    const auxiliaryCode = optionalText(errs, `${path}.auxiliaryCode`, item.auxiliaryCode, { max: 25 });
    const description = requiredText(errs, `${path}.description`, item.description, TEXT_300);
    const quantity = requiredDecimal(errs, `${path}.quantity`, item.quantity, {
      maxDecimals: 6,
      positive: true,
    });
    const additionalDetails = nameValueList(errs, `${path}.additionalDetails`, item.additionalDetails, 3);
    if (description === null || !quantity) return null;
    return { mainCode, auxiliaryCode, description, quantity: quantity.normalized, additionalDetails };
  });
  if (errs.errors.length > before) return null;
  return {
    id: id!,
    name: name!,
    address: address!,
    email: email!,
    transferReason: transferReason!,
    customsDocument,
    destinationBranchCode: r.destinationBranchCode ?? null,
    route,
    supportingDocument: doc ? { ...doc } : null,
    items: items as WaybillItem[],
  };
}
