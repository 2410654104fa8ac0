import type { Executor } from '../../db/pool.js';
import type { Notifier } from './notifier.js';

/** Our own issued document found ANULADO by the SRI status follow-up (submission/sri-void-check.ts). */
export interface VoidedAtSriDocument {
  tenantId: string;
  issuerId: string;
  accessKey: string;
  documentType: string;
  /** EEE-PPP-SSSSSSSSS */
  number: string;
  /** DD/MM/YYYY */
  issueDate: string;
  buyerName: string | null;
  total: string | null;
}

const TYPE_NAMES: Record<string, { es: string; en: string }> = {
  '01': { es: 'La factura', en: 'Invoice' },
  '03': { es: 'La liquidación de compra', en: 'Purchase settlement' },
  '04': { es: 'La nota de crédito', en: 'Credit note' },
  '05': { es: 'La nota de débito', en: 'Debit note' },
  '06': { es: 'La guía de remisión', en: 'Waybill' },
  '07': { es: 'El comprobante de retención', en: 'Withholding receipt' },
};

/**
 * DOCUMENT_VOIDED_AT_SRI (WARNING): the document was voided in SRI en línea, so it is VOIDED here
 * with "Anulado en el SRI"; one per document (dedupe by access key). The DOCUMENT_VOIDED webhook
 * goes out apart (deps.ts); this is the owner's in-app notice, and its email when enabled.
 */
export function createDocumentVoidedProducer(deps: { notifier: Notifier }) {
  return async function documentVoidedAtSri(tx: Executor, doc: VoidedAtSriDocument, now: Date) {
    const name = TYPE_NAMES[doc.documentType] ?? { es: 'El comprobante', en: 'Document' };
    const to = doc.buyerName ? { es: ` a ${doc.buyerName}`, en: ` to ${doc.buyerName}` } : { es: '', en: '' };
    return deps.notifier.notify(
      tx,
      {
        tenantId: doc.tenantId,
        issuerId: doc.issuerId,
        type: 'DOCUMENT_VOIDED_AT_SRI',
        severity: 'WARNING',
        title: { es: 'Un comprobante fue anulado en el SRI', en: 'A document was voided in the SRI' },
        message: {
          es: `${name.es} ${doc.number} del ${doc.issueDate}${to.es} fue anulada en el portal del SRI y aquí quedó ANULADA ("Anulado en el SRI"). Ya no tiene valor tributario.`,
          en: `${name.en} ${doc.number} of ${doc.issueDate}${to.en} was voided in the SRI portal and is now VOIDED here ("Anulado en el SRI"). It no longer has tax value.`,
        },
        metadata: {
          accessKey: doc.accessKey,
          documentType: doc.documentType,
          number: doc.number,
          total: doc.total,
        },
        dedupeKey: `DOCUMENT_VOIDED_AT_SRI:${doc.accessKey}`,
      },
      now,
    );
  };
}
