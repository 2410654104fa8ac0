import type { SalesRideInput } from '../../src/adapters/ride/ride.js';
import { type DocumentModel, documentNumber } from '../../src/shared/document-model.js';
import { dec, fixed, sum } from '../../src/shared/money.js';
import { escapeRegExp, hasLine, hasWords } from './pdf-tools.js';

/**
 * What a RIDE must show, written out here independently of the renderer's label tables (a typo
 * in a legal label must fail a test), and checked against `pdftotext -layout` output.
 */
const ES = {
  ruc: 'R.U.C.:',
  docType: { '01': 'FACTURA', '04': 'NOTA DE CRÉDITO' },
  authNumber: 'NÚMERO DE AUTORIZACIÓN',
  authDate: 'FECHA Y HORA DE AUTORIZACIÓN:',
  environment: { label: 'AMBIENTE:', sandbox: 'PRUEBAS', production: 'PRODUCCIÓN' },
  emission: 'EMISIÓN: NORMAL',
  accessKey: 'CLAVE DE ACCESO',
  pending: 'PENDIENTE',
  mainAddress: 'Dir. Matriz:',
  branchAddress: 'Dir. Sucursal:',
  specialTaxpayer: 'Contribuyente Especial Nro.:',
  accounting: (yes: boolean) => `OBLIGADO A LLEVAR CONTABILIDAD: ${yes ? 'SI' : 'NO'}`,
  retention: 'Agente de Retención Resolución No.:',
  buyerName: 'Razón Social / Nombres y Apellidos:',
  buyerId: 'Identificación:',
  issueDate: 'Fecha de Emisión:',
  address: 'Dirección:',
  modified: 'Comprobante que se modifica: FACTURA',
  modifiedDate: 'Fecha de emisión (comprobante a modificar):',
  reason: 'Razón de modificación:',
  tableHeader: 'Cód. Principal Cód. Auxiliar Cant. Descripción Precio Unitario Descuento Precio Total',
  additionalInfo: 'Información Adicional',
  paymentHeader: 'Forma de pago Valor Plazo Unidad de tiempo',
  page: (n: number, of: number) => `Página ${n} de ${of}`,
  ivaSubtotal: {
    '4': 'SUBTOTAL 15%',
    '10': 'SUBTOTAL 13%',
    '5': 'SUBTOTAL 5%',
    '0': 'SUBTOTAL 0%',
    '6': 'SUBTOTAL NO OBJETO DE IVA',
    '7': 'SUBTOTAL EXENTO DE IVA',
  } as Record<string, string>,
  ivaAmount: { '4': 'IVA 15%', '10': 'IVA 13%', '5': 'IVA 5%' } as Record<string, string>,
  subtotal: 'SUBTOTAL SIN IMPUESTOS',
  discount: 'TOTAL DESCUENTO',
  ice: 'ICE',
  irbpnr: 'IRBPNR',
  tip: 'PROPINA',
  total: { '01': 'VALOR TOTAL', '04': 'VALOR MODIFICACIÓN' },
  paymentMethods: {
    '19': 'TARJETA DE CRÉDITO',
    '20': 'OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO',
  } as Record<string, string>,
  termUnits: { dias: 'Días', meses: 'Meses' } as Record<string, string>,
  voided: 'ANULADO',
  draft: 'BORRADOR — SIN VALOR TRIBUTARIO',
};

const EN: typeof ES = {
  ...ES,
  docType: { '01': 'INVOICE (FACTURA)', '04': 'CREDIT NOTE (NOTA DE CRÉDITO)' },
  authNumber: 'AUTHORIZATION NUMBER',
  authDate: 'AUTHORIZATION DATE AND TIME:',
  environment: { label: 'ENVIRONMENT:', sandbox: 'TEST (PRUEBAS)', production: 'PRODUCTION (PRODUCCIÓN)' },
  emission: 'ISSUE TYPE: NORMAL',
  accessKey: 'ACCESS KEY (CLAVE DE ACCESO)',
  pending: 'PENDING',
  mainAddress: 'Head office:',
  branchAddress: 'Branch:',
  specialTaxpayer: 'Special taxpayer No.:',
  accounting: (yes: boolean) => `REQUIRED TO KEEP ACCOUNTING: ${yes ? 'YES' : 'NO'}`,
  retention: 'Withholding agent, resolution No.:',
  buyerName: 'Customer name:',
  buyerId: 'Tax ID:',
  issueDate: 'Issue date:',
  address: 'Address:',
  modified: 'Document modified: INVOICE (FACTURA)',
  modifiedDate: 'Issue date of the modified document:',
  reason: 'Reason for the modification:',
  tableHeader: 'Main code Aux. code Qty. Description Unit price Discount Total price',
  additionalInfo: 'Additional information',
  paymentHeader: 'Payment method Amount Term Time unit',
  page: (n: number, of: number) => `Page ${n} of ${of}`,
  ivaSubtotal: { ...ES.ivaSubtotal, '6': 'SUBTOTAL NOT SUBJECT TO VAT', '7': 'SUBTOTAL VAT EXEMPT' },
  ivaAmount: { '4': 'VAT (IVA) 15%', '10': 'VAT (IVA) 13%', '5': 'VAT (IVA) 5%' },
  subtotal: 'SUBTOTAL BEFORE TAXES',
  discount: 'TOTAL DISCOUNT',
  tip: 'TIP (PROPINA)',
  total: { '01': 'TOTAL', '04': 'CREDIT NOTE TOTAL' },
  paymentMethods: { '19': 'Credit card', '20': 'Other, using the financial system' },
  termUnits: { dias: 'Days', meses: 'Months' },
  voided: 'VOIDED',
  draft: 'DRAFT — NOT A TAX DOCUMENT',
};

/** The authorization date of `authorizationFor()` (17:55:46Z) as shown in America/Guayaquil. */
const AUTH_DATE_SHOWN = '13/12/2024 12:55:46';

/** Every problem found, as readable sentences; an empty list means the RIDE shows it all. */
export function checkRide(pages: readonly string[], input: SalesRideInput): string[] {
  const problems: string[] = [];
  const L = input.language === 'es' ? ES : EN;
  const m = input.model;
  const first = pages[0] ?? '';
  const last = pages.at(-1) ?? '';
  const all = pages.join('\n');
  const line = (text: string, phrase: string, where: string) => {
    if (!hasLine(text, phrase)) problems.push(`${where}: no line with "${phrase}"`);
  };
  const words = (text: string, phrase: string, where: string) => {
    if (!hasWords(text, phrase)) problems.push(`${where}: words of "${phrase}" missing or out of order`);
  };

  line(first, `${L.ruc} ${m.issuer.ruc}`, 'document block');
  line(first, L.docType[m.documentType], 'document block');
  line(first, `No. ${documentNumber(m)}`, 'document block');
  line(first, L.authNumber, 'document block');
  const authorized = input.authorization !== null && ['AUTHORIZED', 'VOIDED'].includes(input.status);
  line(first, authorized ? (input.authorization?.number ?? '') : L.pending, 'authorization number');
  line(first, `${L.authDate} ${authorized ? AUTH_DATE_SHOWN : L.pending}`, 'authorization date');
  line(first, `${L.environment.label} ${L.environment[m.environment]}`, 'environment');
  line(first, L.emission, 'emission');
  line(first, L.accessKey, 'document block');
  line(first, m.accessKey, 'access key digits');

  const issuer = m.issuer;
  line(first, issuer.businessName, 'issuer');
  if (issuer.tradeName) line(first, issuer.tradeName, 'issuer');
  words(first, `${L.mainAddress} ${issuer.mainAddress}`, 'issuer');
  if (issuer.branchAddress) words(first, `${L.branchAddress} ${issuer.branchAddress}`, 'issuer');
  if (issuer.specialTaxpayer) line(first, `${L.specialTaxpayer} ${issuer.specialTaxpayer}`, 'issuer');
  line(first, L.accounting(issuer.requiredAccounting), 'issuer');
  if (issuer.retentionAgentResolution)
    line(first, `${L.retention} ${issuer.retentionAgentResolution}`, 'issuer');
  if (issuer.rimpeRegime) line(first, issuer.rimpeRegime, 'issuer');

  words(first, `${L.buyerName} ${m.buyer.name}`, 'buyer');
  line(first, `${L.buyerId} ${m.buyer.id}`, 'buyer');
  line(first, `${L.issueDate} ${m.issueDate}`, 'buyer');
  if (m.buyer.address) words(first, `${L.address} ${m.buyer.address}`, 'buyer');
  if (m.creditNote) {
    line(first, `${L.modified} ${m.creditNote.originalNumber}`, 'credit note reference');
    words(first, `${L.modifiedDate} ${m.creditNote.originalIssueDate}`, 'credit note reference');
    words(first, `${L.reason} ${m.creditNote.reason}`, 'credit note reference');
  }

  pages.forEach((page, i) => {
    line(page, L.page(i + 1, pages.length), `page ${i + 1}`);
    if (input.status === 'VOIDED' && !page.includes(L.voided))
      problems.push(`page ${i + 1}: no ${L.voided} mark`);
    if (!authorized && !page.includes(L.draft)) problems.push(`page ${i + 1}: no draft mark`);
  });
  // every page carrying item rows repeats the table header; only a last page holding just the
  // closing block (totals, payments) may go without it
  pages.forEach((page, i) => {
    const hasRows = m.items.some((it) => hasLine(page, `${it.mainCode} `));
    if ((i < pages.length - 1 || hasRows) && !hasLine(page, L.tableHeader)) {
      problems.push(`page ${i + 1}: no table header`);
    }
  });
  line(first, L.tableHeader, 'items table');

  for (const item of m.items) problems.push(...checkItem(all, item));

  for (const [label, value] of expectedTotals(m, L)) line(last, `${label} ${value}`, 'totals');
  if (m.additionalInfo.length) line(last, L.additionalInfo, 'additional information');
  for (const f of m.additionalInfo) words(last, `${f.name}: ${f.value}`, 'additional information');
  if (m.documentType === '01' && m.payments.length) {
    line(last, L.paymentHeader, 'payments');
    for (const p of m.payments) {
      words(last, `${p.method} - ${L.paymentMethods[p.method] ?? ''}`, 'payments');
      const unit = p.termUnit ? (L.termUnits[p.termUnit] ?? p.termUnit) : '';
      line(last, `${p.total} ${p.term ?? ''} ${unit}`, 'payments');
    }
  }
  return problems;
}

function checkItem(all: string, item: DocumentModel['items'][number]): string[] {
  const problems: string[] = [];
  // first line of the row: codes, quantity, (description), unit price, discount, total
  const codes = [item.mainCode, item.auxiliaryCode].filter(Boolean).map((c) => escapeRegExp(c ?? ''));
  const row = new RegExp(
    `${codes.join('[ \\t]+')}[ \\t]+${escapeRegExp(item.quantity)}[ \\t].*[ \\t]${escapeRegExp(item.unitPrice)}[ \\t]+${escapeRegExp(item.discount)}[ \\t]+${escapeRegExp(item.subtotal)}[ \\t]*$`,
    'm',
  );
  if (!row.test(all)) problems.push(`item ${item.mainCode}: no row line with its codes and amounts`);
  if (!hasWords(all, item.description)) problems.push(`item ${item.mainCode}: description missing`);
  for (const d of item.additionalDetails) {
    if (!hasWords(all, `${d.name}: ${d.value}`))
      problems.push(`item ${item.mainCode}: detail ${d.name} missing`);
  }
  return problems;
}

/** Totals lines computed by the test from the model's taxTotals. */
function expectedTotals(m: DocumentModel, L: typeof ES): [string, string][] {
  const t = m.totals;
  const iva = t.taxTotals.filter((x) => x.code === '2');
  const amount = (code: string) =>
    fixed(sum(t.taxTotals.filter((x) => x.code === code).map((x) => dec(x.amount))));
  const lines: [string, string][] = iva.map((x) => [
    L.ivaSubtotal[x.rateCode] ?? `?${x.rateCode}`,
    x.taxableBase,
  ]);
  lines.push([L.subtotal, t.totalWithoutTaxes], [L.discount, t.totalDiscount]);
  lines.push([L.ice, amount('3')], [L.irbpnr, amount('5')]);
  for (const x of iva) if (L.ivaAmount[x.rateCode]) lines.push([L.ivaAmount[x.rateCode] ?? '', x.amount]);
  if (m.documentType === '01') lines.push([L.tip, t.tip]);
  lines.push([L.total[m.documentType], t.total]);
  return lines;
}
