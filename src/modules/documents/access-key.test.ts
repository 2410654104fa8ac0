import { describe, expect, it } from 'vitest';
import {
  accessKeyCheckDigit,
  buildAccessKey,
  isValidAccessKey,
  parseAccessKey,
  randomNumericCode,
} from './access-key.js';

// Real production keys from docs/spec-map.md, SRI §5, with the module-11 remainder each exercises.
const REAL_KEYS = [
  { key: '1312202301179001691900122011070002060400460006816', note: 'Σ mod 11 = 5 → 6' },
  { key: '0810202301019047913700120021000000699911921739517', note: 'Σ mod 11 = 4 → 7' },
  { key: '1802202207139170166700120010010000811680009918810', note: '11 → 0 (retención)' },
  { key: '1512202301010379557100120051000000908661234567811', note: '10 → 1' },
  { key: '2104202401179071031900120720090005521775658032318', note: 'Σ mod 11 = 3 → 8' },
];

describe('accessKeyCheckDigit', () => {
  for (const { key, note } of REAL_KEYS) {
    it(`reproduces the check digit of ${key} (${note})`, () => {
      expect(accessKeyCheckDigit(key.slice(0, 48))).toBe(key[48]);
      expect(isValidAccessKey(key)).toBe(true);
    });
  }

  it('refuses the invalid key of the ec-sri-invoice-signer test invoice (its digit should be 2, not 6)', () => {
    const bad = '1804202401123456789000110010010000000051234567816';
    expect(accessKeyCheckDigit(bad.slice(0, 48))).toBe('2');
    expect(isValidAccessKey(bad)).toBe(false);
    expect(parseAccessKey(bad)).toBeNull();
  });

  it('refuses anything but 48 digits', () => {
    expect(() => accessKeyCheckDigit('123')).toThrow(/48 digits/);
  });
});

describe('buildAccessKey', () => {
  it('rebuilds the Corporación Favorita key from its parts', () => {
    expect(
      buildAccessKey({
        issueDate: '13/12/2023',
        documentType: '01',
        ruc: '1790016919001',
        environment: 'production',
        branchCode: '201',
        issuePointCode: '107',
        sequential: '000206040',
        numericCode: '04600068',
        emissionType: '1',
      }),
    ).toBe('1312202301179001691900122011070002060400460006816');
  });

  it('writes ambiente 1 for sandbox and round-trips through parseAccessKey', () => {
    const parts = {
      issueDate: '29/02/2024',
      documentType: '04',
      ruc: '1790011674001',
      environment: 'sandbox' as const,
      branchCode: '002',
      issuePointCode: '015',
      sequential: '000000123',
      numericCode: '00000042',
      emissionType: '1' as const,
    };
    const key = buildAccessKey(parts);
    expect(key).toHaveLength(49);
    expect(key[23]).toBe('1');
    expect(key.slice(0, 10)).toBe('2902202404');
    expect(parseAccessKey(key)).toEqual(parts);
  });

  it('refuses malformed parts', () => {
    const good = {
      issueDate: '01/03/2024',
      documentType: '01',
      ruc: '1790011674001',
      environment: 'production' as const,
      branchCode: '001',
      issuePointCode: '001',
      sequential: '000000001',
      numericCode: '12345678',
      emissionType: '1' as const,
    };
    expect(() => buildAccessKey({ ...good, issueDate: '31/02/2024' })).toThrow(/issue date/);
    expect(() => buildAccessKey({ ...good, ruc: '1790011674' })).toThrow(/ruc/);
    expect(() => buildAccessKey({ ...good, sequential: '1' })).toThrow(/sequential/);
    expect(() => buildAccessKey({ ...good, numericCode: '1234567' })).toThrow(/numericCode/);
    expect(() => buildAccessKey({ ...good, branchCode: '1' })).toThrow(/branchCode/);
  });
});

describe('parseAccessKey', () => {
  it('splits a real key into its fields', () => {
    expect(parseAccessKey('1312202301179001691900122011070002060400460006816')).toEqual({
      issueDate: '13/12/2023',
      documentType: '01',
      ruc: '1790016919001',
      environment: 'production',
      branchCode: '201',
      issuePointCode: '107',
      sequential: '000206040',
      numericCode: '04600068',
      emissionType: '1',
    });
  });

  it('refuses wrong length, non-digits, a changed digit, an impossible date and an unknown ambiente', () => {
    const real = '1312202301179001691900122011070002060400460006816';
    expect(parseAccessKey(real.slice(0, 48))).toBeNull();
    expect(parseAccessKey(`${real.slice(0, 48)}x`)).toBeNull();
    expect(isValidAccessKey(`${real.slice(0, 30)}9${real.slice(31)}`)).toBe(false);
    const withDate = (date: string, ambiente = '2') => {
      const first48 = `${date}${real.slice(8, 23)}${ambiente}${real.slice(24, 48)}`;
      return first48 + accessKeyCheckDigit(first48);
    };
    expect(isValidAccessKey(withDate('13122023'))).toBe(true);
    expect(isValidAccessKey(withDate('31022023'))).toBe(false);
    expect(isValidAccessKey(withDate('13122023', '3'))).toBe(false);
  });
});

describe('randomNumericCode', () => {
  it('gives 8 digits and varies', () => {
    const codes = new Set(Array.from({ length: 50 }, () => randomNumericCode()));
    for (const c of codes) expect(c).toMatch(/^\d{8}$/);
    expect(codes.size).toBeGreaterThan(45);
  });
});
