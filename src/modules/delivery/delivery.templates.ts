import { type Language, layout, type RenderedEmail } from '../mail/index.js';

export interface DocumentEmailFacts {
  documentType: string;
  number: string;
  issuerName: string;
  buyerName: string;
  issueDate: string;
  /** null for a document without an amount (a waybill). */
  total: string | null;
  accessKey: string;
  voided: boolean;
}

const NAMES: Record<Language, Record<string, string>> = {
  es: {
    '01': 'Factura',
    '03': 'Liquidación de compra',
    '04': 'Nota de crédito',
    '05': 'Nota de débito',
    '06': 'Guía de remisión',
    '07': 'Comprobante de retención',
  },
  en: {
    '01': 'Invoice',
    '03': 'Purchase settlement',
    '04': 'Credit note',
    '05': 'Debit note',
    '06': 'Waybill',
    '07': 'Withholding receipt',
  },
};

export function documentTypeName(lang: Language, type: string): string {
  return NAMES[lang][type] ?? type;
}

/** The buyer's email: the RIDE (PDF) and the authorized XML are attached. */
export function documentEmail(lang: Language, f: DocumentEmailFacts): RenderedEmail {
  const name = documentTypeName(lang, f.documentType);
  if (lang === 'en') {
    const paras = [
      `Dear ${f.buyerName},`,
      `${f.issuerName} has issued you an electronic ${name.toLowerCase()} authorized by Ecuador's tax authority (SRI).`,
      `${name} ${f.number} of ${f.issueDate}${f.total === null ? '' : `, total USD ${f.total}`}.`,
      `Access key: ${f.accessKey}`,
      ...(f.voided ? ['This document has been voided by the issuer.'] : []),
      'The printable representation (RIDE, PDF) and the authorized XML are attached.',
    ];
    return {
      subject: `${name} ${f.number} from ${f.issuerName}`,
      text: `${paras.join('\n\n')}\n`,
      html: layout(paras),
    };
  }
  const paras = [
    `Estimado(a) ${f.buyerName}:`,
    `${f.issuerName} le ha emitido un comprobante electrónico (${name.toLowerCase()}) autorizado por el SRI.`,
    `${name} ${f.number} del ${f.issueDate}${f.total === null ? '' : `, total USD ${f.total}`}.`,
    `Clave de acceso: ${f.accessKey}`,
    ...(f.voided ? ['Este comprobante ha sido anulado por el emisor.'] : []),
    'Adjuntamos la representación impresa (RIDE, PDF) y el XML autorizado.',
  ];
  return {
    subject: `${name} ${f.number} de ${f.issuerName}`,
    text: `${paras.join('\n\n')}\n`,
    html: layout(paras),
  };
}
