import { formatMoney } from '../../shared/money-format.js';
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
  /** Issued in the sandbox (the tax authority's test environment): marked as a test throughout. */
  sandbox: boolean;
}

/** The mark of every sandbox email to a buyer, in its subject and as a banner over its body. */
const TEST_MARK: Record<Language, string> = {
  es: 'PRUEBAS — SIN VALIDEZ TRIBUTARIA',
  en: 'TEST — NOT VALID FOR TAX PURPOSES',
};

function marked(lang: Language, f: DocumentEmailFacts, subject: string, paras: string[]): RenderedEmail {
  if (!f.sandbox) return { subject, text: `${paras.join('\n\n')}\n`, html: layout(paras) };
  const mark = TEST_MARK[lang];
  return {
    subject: `[${mark}] ${subject}`,
    text: `*** ${mark} ***\n\n${paras.join('\n\n')}\n`,
    html: layout(paras, undefined, mark),
  };
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
      f.sandbox
        ? `${f.issuerName} has sent you a test ${name.toLowerCase()}, authorized in the test environment of Ecuador's tax authority (SRI). It is not a tax document.`
        : `${f.issuerName} has issued you an electronic ${name.toLowerCase()} authorized by Ecuador's tax authority (SRI).`,
      `${name} ${f.number} of ${f.issueDate}${f.total === null ? '' : `, total ${formatMoney(f.total)}`}.`,
      `Access key: ${f.accessKey}`,
      ...(f.voided ? ['This document has been voided by the issuer.'] : []),
      'The printable representation (RIDE, PDF) and the authorized XML are attached.',
    ];
    return marked(lang, f, `${name} ${f.number} from ${f.issuerName}`, paras);
  }
  const paras = [
    `Estimado(a) ${f.buyerName}:`,
    f.sandbox
      ? `${f.issuerName} le ha enviado un comprobante de prueba (${name.toLowerCase()}), autorizado en el ambiente de pruebas del SRI. No tiene validez tributaria.`
      : `${f.issuerName} le ha emitido un comprobante electrónico (${name.toLowerCase()}) autorizado por el SRI.`,
    `${name} ${f.number} del ${f.issueDate}${f.total === null ? '' : `, total ${formatMoney(f.total)}`}.`,
    `Clave de acceso: ${f.accessKey}`,
    ...(f.voided ? ['Este comprobante ha sido anulado por el emisor.'] : []),
    'Adjuntamos la representación impresa (RIDE, PDF) y el XML autorizado.',
  ];
  return marked(lang, f, `${name} ${f.number} de ${f.issuerName}`, paras);
}
