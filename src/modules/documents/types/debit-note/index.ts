import type { DocumentTypeDefinition } from '../definition.js';
import { computeDebitNote, type DebitNoteContent } from './compute.js';
import { debitNoteRideView } from './ride.js';
import { DebitNoteBody } from './schema.js';
import { buildDebitNoteXml, DEBIT_NOTE_ROOT, DEBIT_NOTE_VERSION } from './xml.js';

/** 05 nota de débito 1.0.0: the seller charges more on an invoice (interest, costs, differences). */
export const debitNoteType: DocumentTypeDefinition<typeof DebitNoteBody, DebitNoteContent> = {
  code: '05',
  rootElement: DEBIT_NOTE_ROOT,
  schemaVersion: DEBIT_NOTE_VERSION,
  bodySchema: DebitNoteBody,
  compute: computeDebitNote,
  buildXml: buildDebitNoteXml,
  ride: (header, content) => ({ view: debitNoteRideView(header, content) }),
  summary: (content) => ({
    counterpartIdType: content.buyer.idType,
    counterpartId: content.buyer.id,
    counterpartName: content.buyer.name,
    emails: [content.buyer.email],
    total: content.total,
    original: {
      documentType: content.originalDocument.documentType,
      number: content.originalDocument.number,
    },
  }),
};
