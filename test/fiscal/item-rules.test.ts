import { buyer, checkRules, creditNote, infos, invoice, item, type Rule, tax, x } from './rule-bodies.js';

const DECIMALS: Rule[] = [
  // Decimal formats and limits
  {
    rule: 'quantity > 0',
    bad: invoice({ items: [item({ quantity: '0.000' })] }),
    path: 'items[0].quantity',
    message: /greater than 0/,
  },
  {
    rule: 'quantity not negative',
    bad: invoice({ items: [item({ quantity: '-1' })] }),
    path: 'items[0].quantity',
    message: /non-negative decimal/,
  },
  {
    rule: 'quantity no exponent',
    bad: invoice({ items: [item({ quantity: '1e1' })] }),
    path: 'items[0].quantity',
    message: /decimal string/,
  },
  {
    rule: 'quantity ≤ 6 decimals',
    bad: invoice({ items: [item({ quantity: '1.0000001' })] }),
    path: 'items[0].quantity',
    message: /at most 6 decimals/,
    good: invoice({ items: [item({ quantity: '1.000000' })] }),
  },
  {
    rule: 'quantity ≤ 12 integer digits',
    bad: invoice({
      items: [
        item({
          quantity: '1000000000000',
          unitPrice: '0',
          taxes: [tax({ taxableBase: '0', taxAmount: '0' })],
        }),
      ],
      payments: [{ method: '01', total: '0' }],
    }),
    path: 'items[0].quantity',
    message: /12 digits/,
    good: invoice({
      items: [
        item({
          quantity: '000999999999999',
          unitPrice: '0',
          taxes: [tax({ taxableBase: '0', taxAmount: '0' })],
        }),
      ],
      payments: [{ method: '01', total: '0' }],
    }),
  },
  {
    rule: 'unit price ≤ 6 decimals',
    bad: invoice({ items: [item({ unitPrice: '10.0000001' })] }),
    path: 'items[0].unitPrice',
    message: /6 decimals/,
  },
  {
    rule: 'unit price is a string decimal',
    bad: invoice({ items: [item({ unitPrice: '10,00' })] }),
    path: 'items[0].unitPrice',
    message: /decimal string/,
  },
  {
    rule: 'discount ≤ 2 decimals',
    bad: invoice({ items: [item({ discount: '0.001' })] }),
    path: 'items[0].discount',
    message: /2 decimals/,
  },
  {
    rule: 'discount ≤ quantity × unitPrice',
    bad: invoice({ items: [item({ discount: '10.01' })] }),
    path: 'items[0].discount',
    message: /must not exceed quantity × unitPrice \(10\.00\)/,
    good: invoice({
      items: [item({ discount: '10.00', taxes: [tax({ taxableBase: '0.00', taxAmount: '0.00' })] })],
      payments: [{ method: '01', total: '0.00' }],
    }),
  },
  { rule: 'tip ≤ 2 decimals', bad: invoice({ tip: '1.005' }), path: 'tip', message: /2 decimals/ },
  {
    rule: 'document total within the schema',
    bad: invoice({
      items: [
        item({
          quantity: '999999999999',
          unitPrice: '1',
          taxes: [tax({ taxableBase: '999999999999.00', taxAmount: '149999999999.85' })],
        }),
      ],
      payments: [{ method: '01', total: '1.00' }],
    }),
    path: 'items',
    message: /exceeds the schema limit/,
  },
  {
    rule: 'line total within the schema',
    bad: invoice({ items: [item({ quantity: '999999999999', unitPrice: '1.000001' })] }),
    path: 'items[0]',
    message: /quantity × unitPrice exceeds the schema limit/,
  },
];

const TEXT: Rule[] = [
  // Lengths and characters
  {
    rule: 'description ≤ 300 characters (accents count once)',
    bad: invoice({ items: [item({ description: x(301, 'ñ') })] }),
    path: 'items[0].description',
    message: /at most 300 characters \(got 301\)/,
    good: invoice({ items: [item({ description: x(300, 'ñ') })] }),
  },
  {
    rule: 'description required',
    bad: invoice({ items: [item({ description: '   ' })] }),
    path: 'items[0].description',
    message: /required/,
  },
  {
    rule: 'description single line',
    bad: invoice({ items: [item({ description: 'a\nb' })] }),
    path: 'items[0].description',
    message: /single line/,
  },
  {
    rule: 'no control characters',
    bad: invoice({ items: [item({ description: 'a\u0001b' })] }),
    path: 'items[0].description',
    message: /control characters/,
  },
  {
    rule: 'no unpaired surrogate',
    bad: invoice({ buyer: buyer({ name: 'a\ud800b' }) }),
    path: 'buyer.name',
    message: /control characters/,
  },
  {
    rule: 'no U+FFFF',
    bad: creditNote({ motivo: 'a\uffff' }),
    path: 'motivo',
    message: /control characters/,
  },
  {
    rule: 'mainCode ≤ 25',
    bad: invoice({ items: [item({ mainCode: x(26) })] }),
    path: 'items[0].mainCode',
    message: /25/,
    good: invoice({ items: [item({ mainCode: x(25) })] }),
  },
  {
    rule: 'auxiliaryCode ≤ 25',
    bad: invoice({ items: [item({ auxiliaryCode: x(26) })] }),
    path: 'items[0].auxiliaryCode',
    message: /25/,
  },
  {
    rule: 'auxiliaryCode not blank when given',
    bad: invoice({ items: [item({ auxiliaryCode: '' })] }),
    path: 'items[0].auxiliaryCode',
    message: /blank/,
  },
  {
    rule: 'buyer name ≤ 300',
    bad: invoice({ buyer: buyer({ name: x(301) }) }),
    path: 'buyer.name',
    message: /300/,
    good: invoice({ buyer: buyer({ name: x(300) }) }),
  },
  {
    rule: 'buyer address ≤ 300',
    bad: invoice({ buyer: buyer({ address: x(301) }) }),
    path: 'buyer.address',
    message: /300/,
  },
  {
    rule: 'buyer id ≤ 20',
    bad: invoice({ buyer: buyer({ idType: '06', id: x(21, '1') }) }),
    path: 'buyer.id',
    message: /20/,
    good: invoice({ buyer: buyer({ idType: '06', id: x(20, '1') }) }),
  },
  {
    rule: 'motivo ≤ 300',
    bad: creditNote({ motivo: x(301) }),
    path: 'motivo',
    message: /300/,
    good: creditNote({ motivo: x(300) }),
  },
  { rule: 'motivo required', bad: creditNote({ motivo: '' }), path: 'motivo', message: /required/ },
  {
    rule: 'additionalInfo ≤ 15',
    bad: invoice({ additionalInfo: infos(16) }),
    path: 'additionalInfo',
    message: /at most 15/,
    good: invoice({ additionalInfo: infos(15) }),
  },
  {
    rule: 'additionalInfo name ≤ 300',
    bad: invoice({ additionalInfo: [{ name: x(301), value: 'v' }] }),
    path: 'additionalInfo[0].name',
    message: /300/,
  },
  {
    rule: 'additionalInfo value ≥ 1',
    bad: invoice({ additionalInfo: [{ name: 'n', value: '' }] }),
    path: 'additionalInfo[0].value',
    message: /required/,
  },
  {
    rule: 'additionalInfo value ≤ 300',
    bad: invoice({ additionalInfo: [{ name: 'n', value: x(301) }] }),
    path: 'additionalInfo[0].value',
    message: /300/,
  },
  {
    rule: 'additionalDetails ≤ 3',
    bad: invoice({ items: [item({ additionalDetails: infos(4) })] }),
    path: 'items[0].additionalDetails',
    message: /at most 3/,
    good: invoice({ items: [item({ additionalDetails: infos(3) })] }),
  },
];

const TAXES: Rule[] = [
  // Taxes
  {
    rule: 'known rate',
    bad: invoice({ items: [item({ taxes: [tax({ rateCode: '9' })] })] }),
    path: 'items[0].taxes[0].rateCode',
    message: /unknown tax rate: code 2, rateCode 9/,
  },
  {
    rule: 'historical 12% refused',
    bad: invoice({
      items: [item({ taxes: [tax({ rateCode: '2', rate: '12', taxAmount: '1.20' })] })],
      payments: [{ method: '01', total: '11.20' }],
    }),
    path: 'items[0].taxes[0].rateCode',
    message: /historical/,
  },
  {
    rule: 'historical 14% refused',
    bad: invoice({
      items: [item({ taxes: [tax({ rateCode: '3', rate: '14', taxAmount: '1.40' })] })],
      payments: [{ method: '01', total: '11.40' }],
    }),
    path: 'items[0].taxes[0].rateCode',
    message: /historical/,
  },
  {
    // Issue 13, defect 10: a credit note corrects the original at the original's rate.
    rule: 'historical 12% on a credit note only for an original issued while 12% was in force',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '01/04/2024' },
      items: [item({ taxes: [tax({ rateCode: '2', rate: '12', taxAmount: '1.20' })] })],
    }),
    path: 'items[0].taxes[0].rateCode',
    message:
      /12% \(histórico\) was in force .*2024-03-31.*not on the credited document's issue date \(2024-04-01\)/,
    good: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '31/03/2024' },
      items: [item({ taxes: [tax({ rateCode: '2', rate: '12', taxAmount: '1.20' })] })],
    }),
  },
  {
    rule: 'historical 12% refused on a credit note for an original of the 14% year',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '15/12/2016' },
      items: [item({ taxes: [tax({ rateCode: '2', rate: '12', taxAmount: '1.20' })] })],
    }),
    path: 'items[0].taxes[0].rateCode',
    message: /not on the credited document's issue date \(2016-12-15\)/,
    good: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '15/12/2016' },
      items: [item({ taxes: [tax({ rateCode: '3', rate: '14', taxAmount: '1.40' })] })],
    }),
  },
  {
    rule: 'rate equals the catalog',
    bad: invoice({ items: [item({ taxes: [tax({ rate: '12.00' })] })] }),
    path: 'items[0].taxes[0].rate',
    message: /must be 15\.00/,
  },
  {
    rule: 'an IVA row is required',
    bad: invoice({
      items: [item({ taxes: [tax({ code: '3', rateCode: '3051', rate: '0', taxAmount: '0.00' })] })],
      payments: [{ method: '01', total: '10.00' }],
    }),
    path: 'items[0].taxes',
    message: /IVA/,
  },
  {
    rule: 'at least one tax',
    bad: invoice({ items: [item({ taxes: [] })] }),
    path: 'items[0].taxes',
    message: /at least one tax/,
  },
  {
    rule: 'one row per tax code',
    bad: invoice({ items: [item({ taxes: [tax(), tax({ rateCode: '0', rate: '0', taxAmount: '0.00' })] })] }),
    path: 'items[0].taxes[1].code',
    message: /more than once/,
  },
  {
    rule: 'stated base equals ours',
    bad: invoice({ items: [item({ taxes: [tax({ taxableBase: '10.01' })] })] }),
    path: 'items[0].taxes[0].taxableBase',
    message: /^expected 10\.00, got 10\.01$/,
  },
  {
    rule: 'stated amount equals ours',
    bad: invoice({ items: [item({ taxes: [tax({ taxAmount: '1.49' })] })] }),
    path: 'items[0].taxes[0].taxAmount',
    message: /^expected 1\.50, got 1\.49$/,
    good: invoice({ items: [item({ taxes: [tax({ taxAmount: '1.5' })] })] }),
  },
  {
    rule: 'stated amount is money',
    bad: invoice({ items: [item({ taxes: [tax({ taxAmount: '1.500' })] })] }),
    path: 'items[0].taxes[0].taxAmount',
    message: /2 decimals/,
  },
  { rule: 'items required', bad: invoice({ items: [] }), path: 'items', message: /at least one item/ },
];

checkRules('item rules: decimals and schema limits', DECIMALS);
checkRules('text rules: lengths and characters', TEXT);
checkRules('tax rules', TAXES);
