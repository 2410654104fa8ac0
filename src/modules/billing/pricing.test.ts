import { describe, expect, it } from 'vitest';
import { D } from '../../shared/money.js';
import { charge, proratedUpgrade } from './pricing.js';
import { planTierChange, type TierChangeInput } from './tier-change-plan.js';

describe('charge: IVA 15% on the base, both rounded half-up to cents', () => {
  it.each([
    ['9.90', '1.49', '11.39'], // 1.485 -> 1.49
    ['29.90', '4.49', '34.39'], // 4.485 -> 4.49
    ['99.00', '14.85', '113.85'],
    ['799.00', '119.85', '918.85'],
    ['6.6666666', '1.00', '7.67'], // base first: 6.67 x 0.15 = 1.0005 -> 1.00
    ['0.03', '0.00', '0.03'],
  ])('%s -> IVA %s, total %s', (base, iva, total) => {
    const c = charge(new D(base));
    expect(c).toEqual({
      amount: new D(base).toFixed(2, D.ROUND_HALF_UP),
      ivaRate: '0.1500',
      ivaAmount: iva,
      totalAmount: total,
    });
  });
});

describe('proratedUpgrade', () => {
  it('is the price difference times the periods remaining, rounded half-up', () => {
    expect(proratedUpgrade('9.90', '29.90', new D(0.5)).toFixed(2)).toBe('10.00');
    expect(proratedUpgrade('9.90', '29.90', new D(1).div(3)).toFixed(2)).toBe('6.67');
    expect(proratedUpgrade('29.90', '79.90', new D(1).div(3)).toFixed(2)).toBe('16.67');
    expect(proratedUpgrade('9.90', '29.90', new D('0.0002')).toFixed(2)).toBe('0.00');
    expect(proratedUpgrade('9.90', '29.90', new D('0.00025')).toFixed(2)).toBe('0.01');
  });
  it('is never negative', () => {
    expect(proratedUpgrade('29.90', '9.90', new D(0.5)).toString()).toBe('0');
  });
});

describe('planTierChange', () => {
  const base: TierChangeInput = {
    sandbox: false,
    fromInterval: 'MONTHLY',
    toInterval: 'MONTHLY',
    currentPrice: '9.90',
    targetPriceSameInterval: '29.90',
    targetFullPrice: '29.90',
    remaining: new D(0.5),
  };
  it('production: same interval, higher price -> prorated upgrade', () => {
    expect(planTierChange(base)).toEqual({ kind: 'UPGRADE', base: new D('10.00') });
  });
  it('production: an upgrade rounding to 0.00 applies at once', () => {
    expect(planTierChange({ ...base, remaining: new D('0.0001') })).toEqual({ kind: 'IMMEDIATE' });
  });
  it('production: same interval, lower or equal price -> scheduled', () => {
    expect(planTierChange({ ...base, currentPrice: '29.90', targetPriceSameInterval: '9.90' }).kind).toBe(
      'SCHEDULED_DOWNGRADE',
    );
    expect(planTierChange({ ...base, targetPriceSameInterval: '9.90' }).kind).toBe('SCHEDULED_DOWNGRADE');
  });
  it('production: any interval change is billed at the target full price', () => {
    expect(planTierChange({ ...base, toInterval: 'YEARLY', targetFullPrice: '299.00' })).toEqual({
      kind: 'INTERVAL',
      base: new D('299.00'),
    });
    expect(
      planTierChange({
        ...base,
        toInterval: 'YEARLY',
        targetPriceSameInterval: '9.90',
        targetFullPrice: '99.00',
      }).kind,
    ).toBe('INTERVAL');
  });
  it('sandbox: downgrade free and immediate, upgrade or interval change at full price', () => {
    const sandbox = { ...base, sandbox: true };
    expect(planTierChange({ ...sandbox, currentPrice: '29.90', targetPriceSameInterval: '9.90' })).toEqual({
      kind: 'IMMEDIATE',
    });
    expect(planTierChange(sandbox)).toEqual({ kind: 'SANDBOX_PAID', base: new D('29.90') });
    expect(planTierChange({ ...sandbox, toInterval: 'YEARLY', targetFullPrice: '299.00' })).toEqual({
      kind: 'SANDBOX_PAID',
      base: new D('299.00'),
    });
  });
});
