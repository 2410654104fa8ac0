import { Decimal } from 'decimal.js';

/** Money and quantities are decimals end to end; never binary floats. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export function dec(value: string | number | Dec): Dec {
  return new D(value);
}

/** Rounds half-up to `places` and prints exactly that many decimals ("12.30"). */
export function fixed(value: Dec, places = 2): string {
  return value.toDecimalPlaces(places, D.ROUND_HALF_UP).toFixed(places);
}

export function sum(values: Dec[]): Dec {
  return values.reduce((a, b) => a.plus(b), new D(0));
}
