import { describe, expect, it } from 'vitest';
import { classifyHealth } from './sri-status.js';

const ok = true;
const ko = false;

describe('classifyHealth (newest call first)', () => {
  it('UNKNOWN without recent calls', () => expect(classifyHealth([])).toBe('UNKNOWN'));
  it('UP when the calls are answered', () => expect(classifyHealth([ok, ok, ok, ok, ok, ko])).toBe('UP'));
  it('DEGRADED when the latest call failed', () =>
    expect(classifyHealth([ko, ok, ok, ok, ok])).toBe('DEGRADED'));
  it('DEGRADED at 20% failures in the window', () =>
    expect(classifyHealth([ok, ok, ko, ok, ko, ok, ok, ok, ok, ok])).toBe('DEGRADED'));
  it('DOWN after three failures in a row', () => expect(classifyHealth([ko, ko, ko, ok, ok])).toBe('DOWN'));
  it('DOWN when the only calls failed', () => expect(classifyHealth([ko])).toBe('DOWN'));
  it('recovers to DEGRADED as soon as an answer comes back', () =>
    expect(classifyHealth([ok, ko, ko, ko])).toBe('DEGRADED'));
});
