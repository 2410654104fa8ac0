import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  DocumentModel,
  IssuerSnapshot,
  ItemLine,
  Payment,
  TaxLine,
} from '../../src/shared/document-model.js';
import { type Dec, dec, fixed, sum } from '../../src/shared/money.js';

/**
 * Hand-built document models for the RIDE tests, with the tax authority's arithmetic
 * (REFERENCE §7): line subtotal = quantity × unit price − discount; ICE on the subtotal; IVA on
 * subtotal + ICE; IRBPNR 0.02 a bottle; totals summed per (code, rateCode); total = Σ subtotals
 * + Σ taxes + tip.
 */

export interface TaxSpec {
  code: string;
  rateCode: string;
  /** tarifa; for IRBPNR the amount per unit. */
  rate: string;
}

export const IVA_15: TaxSpec = { code: '2', rateCode: '4', rate: '15.00' };
export const IVA_13: TaxSpec = { code: '2', rateCode: '10', rate: '13.00' };
export const IVA_5: TaxSpec = { code: '2', rateCode: '5', rate: '5.00' };
export const IVA_0: TaxSpec = { code: '2', rateCode: '0', rate: '0.00' };
export const IVA_NOT_SUBJECT: TaxSpec = { code: '2', rateCode: '6', rate: '0.00' };
export const IVA_EXEMPT: TaxSpec = { code: '2', rateCode: '7', rate: '0.00' };
export const ICE_10: TaxSpec = { code: '3', rateCode: '3051', rate: '10.00' };
export const IRBPNR: TaxSpec = { code: '5', rateCode: '5001', rate: '0.02' };

export interface ItemSpec {
  mainCode: string;
  auxiliaryCode?: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  discount?: string;
  /** IVA spec, plus optional ICE / IRBPNR. */
  taxes: TaxSpec[];
  details?: { name: string; value: string }[];
}

export function item(spec: ItemSpec): ItemLine {
  const discount = dec(spec.discount ?? '0');
  const subtotal = dec(spec.quantity).times(spec.unitPrice).minus(discount).toDecimalPlaces(2);
  const ice = spec.taxes.find((t) => t.code === '3');
  const iceAmount = ice ? subtotal.times(ice.rate).div(100).toDecimalPlaces(2) : dec(0);
  const taxes: TaxLine[] = spec.taxes.map((t) => {
    if (t.code === '3') return taxLine(t, subtotal, iceAmount);
    if (t.code === '5') return taxLine(t, subtotal, dec(spec.quantity).times(t.rate).toDecimalPlaces(2));
    const base = subtotal.plus(iceAmount);
    return taxLine(t, base, base.times(t.rate).div(100).toDecimalPlaces(2));
  });
  return {
    mainCode: spec.mainCode,
    auxiliaryCode: spec.auxiliaryCode ?? null,
    description: spec.description,
    quantity: spec.quantity,
    unitPrice: spec.unitPrice,
    discount: fixed(discount),
    subtotal: fixed(subtotal),
    additionalDetails: spec.details ?? [],
    taxes,
  };
}

function taxLine(t: TaxSpec, base: Dec, amount: Dec): TaxLine {
  return {
    code: t.code,
    rateCode: t.rateCode,
    rate: t.rate,
    taxableBase: fixed(base),
    amount: fixed(amount),
  };
}

const ISSUER: IssuerSnapshot = {
  ruc: '1790016919001',
  businessName: 'Comercializadora Andina Ñandú S.A.',
  tradeName: 'Andes Comercial',
  mainAddress: 'Av. Amazonas N34-451 y Av. Atahualpa, Quito',
  branchAddress: 'Av. 9 de Octubre 1204 y Pedro Moncayo, Guayaquil',
  branchCode: '001',
  issuePointCode: '002',
  requiredAccounting: true,
  specialTaxpayer: '5368',
  retentionAgentResolution: '00000001',
  rimpeRegime: 'CONTRIBUYENTE RÉGIMEN RIMPE',
};

export interface DocumentSpec {
  documentType?: '01' | '04';
  environment?: 'sandbox' | 'production';
  sequential?: string;
  issueDate?: string;
  issuer?: Partial<IssuerSnapshot>;
  items: ItemLine[];
  tip?: string;
  payments?: Payment[];
  additionalInfo?: { name: string; value: string }[];
  buyerName?: string;
  buyerAddress?: string | null;
}

export function buildDocument(spec: DocumentSpec): DocumentModel {
  const documentType = spec.documentType ?? '01';
  const environment = spec.environment ?? 'production';
  const issuer = { ...ISSUER, ...spec.issuer };
  const sequential = spec.sequential ?? '000000123';
  const issueDate = spec.issueDate ?? '13/12/2024';
  const taxTotals = groupTaxes(spec.items);
  const totalWithoutTaxes = sum(spec.items.map((i) => dec(i.subtotal)));
  const tip = documentType === '01' ? dec(spec.tip ?? '0') : dec(0);
  const total = totalWithoutTaxes.plus(sum(taxTotals.map((t) => dec(t.amount)))).plus(tip);
  const payments =
    documentType === '01'
      ? (spec.payments ?? [{ method: '20', total: fixed(total), term: '30', termUnit: 'dias' }])
      : [];
  return {
    documentType,
    environment,
    accessKey: accessKey(issueDate, documentType, issuer.ruc, environment, issuer, sequential),
    sequential,
    issueDate,
    issuer,
    buyer: {
      idType: '04',
      id: '0992339411001',
      name: spec.buyerName ?? 'Distribuidora Peña & Muñoz Cía. Ltda.',
      email: 'compras@pena-munoz.ec',
      address: spec.buyerAddress === undefined ? 'Calle Simón Bolívar 123, Cuenca' : spec.buyerAddress,
      phone: '0991234567',
    },
    items: spec.items,
    totals: {
      totalWithoutTaxes: fixed(totalWithoutTaxes),
      totalDiscount: fixed(sum(spec.items.map((i) => dec(i.discount)))),
      taxTotals,
      tip: fixed(tip),
      total: fixed(total),
    },
    payments,
    creditNote:
      documentType === '04'
        ? {
            originalDocumentType: '01',
            originalNumber: '001-002-000000098',
            originalIssueDate: '02/12/2024',
            reason: 'Devolución de mercadería en mal estado según acta Nº 45',
          }
        : null,
    additionalInfo: spec.additionalInfo ?? [
      { name: 'Email', value: 'compras@pena-munoz.ec' },
      { name: 'Teléfono', value: '0991234567' },
    ],
  };
}

function groupTaxes(items: readonly ItemLine[]): TaxLine[] {
  const groups = new Map<string, TaxLine>();
  for (const t of items.flatMap((i) => i.taxes)) {
    const key = `${t.code}/${t.rateCode}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { ...t });
    else {
      g.taxableBase = fixed(dec(g.taxableBase).plus(t.taxableBase));
      g.amount = fixed(dec(g.amount).plus(t.amount));
    }
  }
  return [...groups.values()];
}

/** Clave de acceso with its módulo 11 check digit (REFERENCE §5). */
function accessKey(
  issueDate: string,
  documentType: string,
  ruc: string,
  environment: 'sandbox' | 'production',
  issuer: Pick<IssuerSnapshot, 'branchCode' | 'issuePointCode'>,
  sequential: string,
): string {
  const date = issueDate.replaceAll('/', '');
  const env = environment === 'production' ? '2' : '1';
  const body =
    `${date}${documentType}${ruc}${env}${issuer.branchCode}${issuer.issuePointCode}${sequential}12345678` +
    '1';
  let weight = 2;
  let total = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    total += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const d = 11 - (total % 11);
  return body + (d === 11 ? '0' : d === 10 ? '1' : String(d));
}

/** n items cycling over the given taxes, with varied codes, quantities and discounts. */
export function manyItems(n: number, taxes: TaxSpec[][] = [[IVA_15], [IVA_0]]): ItemLine[] {
  return Array.from({ length: n }, (_, i) =>
    item({
      mainCode: `PRD-${String(i + 1).padStart(4, '0')}`,
      auxiliaryCode: i % 3 === 0 ? `AUX${i + 1}` : null,
      description: `Artículo de ferretería número ${i + 1}: tornillos, tuercas y arandelas galvanizadas`,
      quantity: String((i % 5) + 1),
      unitPrice: `${(i % 7) + 2}.${String((i * 13) % 100).padStart(2, '0')}`,
      discount: i % 4 === 0 ? '0.50' : '0.00',
      taxes: taxes[i % taxes.length] ?? [IVA_15],
    }),
  );
}

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

/** Logos made with ImageMagick (assets/README.md): PNG with alpha, JPEG, 16-colour GIF. */
export function logo(kind: 'png' | 'jpeg' | 'gif'): {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/gif';
} {
  const file = kind === 'jpeg' ? 'logo.jpg' : `logo.${kind}`;
  return { data: readFileSync(path.join(assets, file)), mime: `image/${kind}` };
}

/** Authorization for a model: in the offline scheme the number is the access key (REFERENCE §2). */
export function authorizationFor(model: DocumentModel): { number: string; date: string } {
  return { number: model.accessKey, date: '2024-12-13T17:55:46Z' };
}
