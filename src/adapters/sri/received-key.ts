import type { SriEnvironment } from './types.js';

/**
 * The client's reading of a received access key (REFERENCE.md §5): 49 digits, módulo 11 check
 * digit, digit 23 the environment (1 pruebas → sandbox, 2 producción → production). The
 * simulator keeps its own copy (simulator/access-key.ts) so that a shared bug cannot make it agree.
 */

export type AccessKeyProblem = 'LENGTH' | 'CHECK_DIGIT' | 'ENVIRONMENT';

export function accessKeyProblem(key: string): AccessKeyProblem | null {
  if (!/^\d{49}$/.test(key)) return 'LENGTH';
  let sum = 0;
  let weight = 2;
  for (let i = 47; i >= 0; i--) {
    sum += (key.charCodeAt(i) - 48) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const d = 11 - (sum % 11);
  if ((d === 11 ? 0 : d === 10 ? 1 : d) !== Number(key[48])) return 'CHECK_DIGIT';
  return key[23] === '1' || key[23] === '2' ? null : 'ENVIRONMENT';
}

/** The environment whose host knows the key; call only on a key without a problem. */
export function accessKeyEnvironment(key: string): SriEnvironment {
  return key[23] === '1' ? 'sandbox' : 'production';
}
