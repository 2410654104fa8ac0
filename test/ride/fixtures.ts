import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  DocumentModel,
  IssuerSnapshot,
  ItemLine,
  Payment,
  TaxLine,
} from '../../src/modules/documents/document-model.js';
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

export const ISSUER: IssuerSnapshot = {
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
export function accessKey(
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

/** A one-page invoice with a bit of everything: several rates, ICE, IRBPNR, details, two payments. */
export function richInvoice(): DocumentModel {
  const model = buildDocument({
    items: [
      item({
        mainCode: 'CEM-50KG',
        auxiliaryCode: '7861234500012',
        description: 'Cemento Portland tipo GU, saco de 50 kg',
        quantity: '40',
        unitPrice: '8.150000',
        discount: '6.00',
        taxes: [IVA_5],
        details: [{ name: 'Lote', value: 'L-2024-118' }],
      }),
      item({
        mainCode: 'TAL-DRL-18V',
        description: 'Taladro percutor inalámbrico 18 V con 2 baterías, cargador rápido y maletín',
        quantity: '2',
        unitPrice: '129.990000',
        discount: '10.00',
        taxes: [IVA_15],
        details: [
          { name: 'Garantía', value: '12 meses' },
          { name: 'Serie', value: 'SN-88412, SN-88413' },
        ],
      }),
      item({
        mainCode: 'BEB-ENR-473',
        description: 'Bebida energizante lata 473 ml (caja x 24)',
        quantity: '3',
        unitPrice: '21.600000',
        taxes: [ICE_10, IVA_15],
      }),
      item({
        mainCode: 'AGU-500-PET',
        description: 'Agua sin gas botella PET 500 ml',
        quantity: '48',
        unitPrice: '0.350000',
        taxes: [IRBPNR, IVA_15],
      }),
      item({
        mainCode: 'LIB-TEC-01',
        description: 'Libro técnico «Instalaciones eléctricas residenciales»',
        quantity: '1',
        unitPrice: '35.000000',
        taxes: [IVA_0],
      }),
      item({
        mainCode: 'SRV-CAP',
        description: 'Capacitación en seguridad industrial (4 horas)',
        quantity: '1',
        unitPrice: '120.000000',
        taxes: [IVA_EXEMPT],
      }),
    ],
    tip: '0.00',
    additionalInfo: [
      { name: 'Email', value: 'compras@pena-munoz.ec' },
      { name: 'Teléfono', value: '(07) 283-4455' },
      { name: 'Vendedor', value: 'María José Ñáñez' },
      { name: 'Observación', value: 'Entrega en bodega principal; horario de recepción de 08h00 a 16h00.' },
    ],
  });
  const card = dec('300.00');
  model.payments = [
    { method: '19', total: fixed(card), term: '0', termUnit: 'dias' },
    { method: '20', total: fixed(dec(model.totals.total).minus(card)), term: '30', termUnit: 'dias' },
  ];
  return model;
}

/** A two-item credit note modifying invoice 001-002-000000098. */
export function richCreditNote(): DocumentModel {
  return buildDocument({
    documentType: '04',
    sequential: '000000045',
    items: [
      item({
        mainCode: 'TAL-DRL-18V',
        description: 'Taladro percutor inalámbrico 18 V (devolución)',
        quantity: '1',
        unitPrice: '129.990000',
        discount: '5.00',
        taxes: [IVA_15],
      }),
      item({
        mainCode: 'CEM-50KG',
        description: 'Cemento Portland tipo GU, saco de 50 kg (sacos rotos)',
        quantity: '5',
        unitPrice: '8.150000',
        taxes: [IVA_5],
      }),
    ],
  });
}

/** One item per tax the RIDE must total: IVA 15, 13, 5, 0, not subject, exempt, plus ICE and IRBPNR. */
export function allTaxesInvoice(documentType: '01' | '04' = '01'): DocumentModel {
  const rates: [string, TaxSpec[]][] = [
    ['IVA15', [IVA_15]],
    ['IVA13', [IVA_13]],
    ['IVA5', [IVA_5]],
    ['IVA0', [IVA_0]],
    ['NOOBJ', [IVA_NOT_SUBJECT]],
    ['EXENTO', [IVA_EXEMPT]],
    ['ICE', [ICE_10, IVA_15]],
    ['IRBPNR', [IRBPNR, IVA_15]],
  ];
  return buildDocument({
    documentType,
    tip: '2.50',
    items: rates.map(([code, taxes], i) =>
      item({
        mainCode: `TAX-${code}`,
        description: `Producto gravado ${code}`,
        quantity: String(i + 2),
        unitPrice: `${10 + i}.250000`,
        discount: i % 2 ? '1.00' : '0.00',
        taxes,
      }),
    ),
  });
}

/** Descriptions of the schema maximum (300 characters) with three additional details each. */
export function longTextInvoice(count: number): DocumentModel {
  const words =
    'Suministro e instalación de perfilería de aluminio anodizado color champagne con vidrio templado';
  const description = (i: number) => `${i}. ${words} ${words} ${words} ${words}`.slice(0, 300);
  return buildDocument({
    items: Array.from({ length: count }, (_, i) =>
      item({
        mainCode: `LNG-${i + 1}`,
        auxiliaryCode: `A-${i + 1}`,
        description: description(i + 1),
        quantity: '1.500000',
        unitPrice: '84.333333',
        taxes: [IVA_15],
        details: [
          { name: 'Obra', value: `Edificio Ñandú, piso ${i + 1}` },
          { name: 'Medidas', value: '2.40 m × 1.80 m' },
          { name: 'Nota', value: 'Incluye sellado perimetral con silicona neutra y garantía de 5 años' },
        ],
      }),
    ),
  });
}
