import { describe, expect, it } from 'vitest';
import { formatEcuadorDateTime, formatRate, issueDateInstant, parseAuthorizationDate } from './format.js';

describe('authorization date', () => {
  it.each([
    ['2024-12-13T12:55:46-05:00', '13/12/2024 12:55:46'],
    ['2024-12-13T17:55:46Z', '13/12/2024 12:55:46'],
    ['2024-12-14T01:30:05+02:00', '13/12/2024 18:30:05'],
    ['2025-01-01T04:59:59.999Z', '31/12/2024 23:59:59'],
  ])('shows %s as %s in America/Guayaquil', (iso, shown) => {
    expect(formatEcuadorDateTime(parseAuthorizationDate(iso))).toBe(shown);
  });

  it.each(['2024-12-13T12:55:46', '13/12/2024 12:55:46', '2024-13-45T99:00:00Z', ''])('refuses %j', (iso) => {
    expect(() => parseAuthorizationDate(iso)).toThrow(/ISO 8601 with an offset/);
  });
});

describe('issueDateInstant', () => {
  it('is midnight of that day in Ecuador', () => {
    expect(issueDateInstant('13/12/2024').toISOString()).toBe('2024-12-13T05:00:00.000Z');
    expect(() => issueDateInstant('31/02/2024')).toThrow(/DD\/MM\/YYYY/);
  });
});

describe('formatRate', () => {
  it.each([
    ['15.00', '15'],
    ['12.50', '12.5'],
    ['0.00', '0'],
    ['8', '8'],
    ['100.00', '100'],
  ])('writes %s as %s', (rate, shown) => {
    expect(formatRate(rate)).toBe(shown);
  });
});
