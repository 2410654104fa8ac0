import { describe, expect, it } from 'vitest';
import {
  accessKeyMismatch,
  isWellFormedAccessKey,
  modulo11CheckDigit,
  splitAccessKey,
} from './access-key.js';

// Real production keys and their check digits (REFERENCE §5), including both special cases.
const REAL_KEYS = [
  '1312202301179001691900122011070002060400460006816',
  '0810202301019047913700120021000000699911921739517',
  '1802202207139170166700120010010000811680009918810', // 11 → 0
  '1512202301010379557100120051000000908661234567811', // 10 → 1
  '2104202401179071031900120720090005521775658032318',
];

const FIELDS = {
  fechaEmision: '13/12/2023',
  codDoc: '01',
  ruc: '1790016919001',
  ambiente: '2',
  estab: '201',
  ptoEmi: '107',
  secuencial: '000206040',
  tipoEmision: '1',
};

describe('simulator access key', () => {
  it.each(REAL_KEYS)('computes the real check digit of %s', (key) => {
    expect(modulo11CheckDigit(key.slice(0, 48))).toBe(Number(key[48]));
    expect(isWellFormedAccessKey(key)).toBe(true);
  });

  it('refuses a wrong check digit, a short key and non-digits', () => {
    expect(isWellFormedAccessKey('1312202301179001691900122011070002060400460006817')).toBe(false);
    expect(isWellFormedAccessKey('131220230117900169190012201107000206040046000681')).toBe(false);
    expect(isWellFormedAccessKey('131220230117900169190012201107000206040046000681X')).toBe(false);
    // A library test key that REFERENCE §5 shows to be invalid.
    expect(isWellFormedAccessKey('1804202401123456789000110010010000000051234567816')).toBe(false);
  });

  it('splits the key into its fields', () => {
    expect(splitAccessKey(REAL_KEYS[0]!)).toEqual({
      date: '13122023',
      codDoc: '01',
      ruc: '1790016919001',
      ambiente: '2',
      series: '201107',
      secuencial: '000206040',
      numericCode: '04600068',
      tipoEmision: '1',
      checkDigit: '6',
    });
  });

  it('accepts a key that matches its document', () => {
    expect(accessKeyMismatch(REAL_KEYS[0]!, FIELDS)).toBeNull();
  });

  it.each([
    ['fechaEmision', '14/12/2023', /fecha de emisión/],
    ['codDoc', '04', /tipo de comprobante/],
    ['ruc', '1790016919002', /RUC/],
    ['ambiente', '1', /ambiente/],
    ['estab', '202', /serie/],
    ['ptoEmi', '108', /serie/],
    ['secuencial', '000206041', /secuencial/],
    ['tipoEmision', '2', /tipo de emisión/],
  ])('names the field when %s differs', (field, value, message) => {
    expect(accessKeyMismatch(REAL_KEYS[0]!, { ...FIELDS, [field]: value })).toMatch(message);
  });

  it('explains a bad check digit and a bad length', () => {
    expect(accessKeyMismatch('1312202301179001691900122011070002060400460006815', FIELDS)).toMatch(
      /dígito verificador/,
    );
    expect(accessKeyMismatch('123', FIELDS)).toMatch(/49 dígitos/);
  });
});
