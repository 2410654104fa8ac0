import { describe, expect, it } from 'vitest';
import { summarizeStats } from './document-stats.js';

describe('summarizeStats', () => {
  it('counts every status, sums issued (authorized + voided) amounts per type with decimals', () => {
    const s = summarizeStats([
      { documentType: '01', status: 'AUTHORIZED', count: 3, total: '100.10' },
      { documentType: '01', status: 'VOIDED', count: 1, total: '0.20' },
      { documentType: '01', status: 'RETURNED', count: 2, total: '999.00' },
      { documentType: '01', status: 'SIGNED', count: 1, total: '5.05' },
      { documentType: '04', status: 'AUTHORIZED', count: 1, total: '0.10' },
      { documentType: '04', status: 'NOT_AUTHORIZED', count: 1, total: '7.00' },
      // Withheld tax and a waybill: their own issuedTotal, never in the sales amounts.
      { documentType: '07', status: 'AUTHORIZED', count: 2, total: '4.21' },
      { documentType: '07', status: 'SIGNED', count: 1, total: '3.00' },
      { documentType: '06', status: 'VOIDED', count: 1, total: '0.00' },
    ]);
    expect(s.count).toBe(13);
    expect(s.byStatus).toEqual({
      SIGNED: 2,
      RECEIVED: 0,
      RETURNED: 2,
      AUTHORIZED: 6,
      NOT_AUTHORIZED: 1,
      VOIDED: 2,
    });
    expect(s.byType.map((t) => [t.documentType, t.count, t.issuedTotal])).toEqual([
      ['01', 7, '100.30'],
      ['04', 2, '0.10'],
      ['06', 1, '0.00'],
      ['07', 3, '4.21'],
    ]);
    expect(s.amounts).toEqual({
      invoiced: '100.30',
      credited: '0.10',
      net: '100.20',
      pending: '5.05',
      voided: '0.20',
    });
  });

  it('an empty period is all zeros', () => {
    const s = summarizeStats([]);
    expect(s.count).toBe(0);
    expect(s.byType).toEqual([]);
    expect(s.amounts.net).toBe('0.00');
  });
});
