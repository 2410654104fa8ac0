import type { DocumentModel } from '../../src/shared/document-model.js';
import { dec, fixed } from '../../src/shared/money.js';
import {
  buildDocument,
  ICE_10,
  IRBPNR,
  IVA_0,
  IVA_5,
  IVA_13,
  IVA_15,
  IVA_EXEMPT,
  IVA_NOT_SUBJECT,
  item,
  type TaxSpec,
} from './fixtures.js';

/** Ready-made documents for the RIDE tests, the bench and the sample images in docs/. */
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
