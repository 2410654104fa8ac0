/**
 * The simulator's own reading of the 49-digit access key (REFERENCE §5). Written apart from the
 * service's access-key module on purpose: a shared bug would make the simulator agree with it.
 */

/** Módulo 11 over the first 48 digits, weights 2..7 from the right; 11 → 0, 10 → 1. */
export function modulo11CheckDigit(first48: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first48.length - 1; i >= 0; i--) {
    sum += (first48.charCodeAt(i) - 48) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

export interface AccessKeyParts {
  /** ddmmaaaa */
  date: string;
  codDoc: string;
  ruc: string;
  ambiente: string;
  /** estab + ptoEmi */
  series: string;
  secuencial: string;
  numericCode: string;
  tipoEmision: string;
  checkDigit: string;
}

export function isWellFormedAccessKey(key: string): boolean {
  return /^\d{49}$/.test(key) && modulo11CheckDigit(key.slice(0, 48)) === Number(key[48]);
}

export function splitAccessKey(key: string): AccessKeyParts {
  return {
    date: key.slice(0, 8),
    codDoc: key.slice(8, 10),
    ruc: key.slice(10, 23),
    ambiente: key.slice(23, 24),
    series: key.slice(24, 30),
    secuencial: key.slice(30, 39),
    numericCode: key.slice(39, 47),
    tipoEmision: key.slice(47, 48),
    checkDigit: key.slice(48, 49),
  };
}

export interface KeyedFields {
  fechaEmision: string;
  codDoc: string;
  ruc: string;
  ambiente: string;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  tipoEmision: string;
}

/**
 * Why the key does not fit the document, or null when it does: length and digits, check digit,
 * then each embedded field against the document's own.
 */
export function accessKeyMismatch(key: string, doc: KeyedFields): string | null {
  if (!/^\d{49}$/.test(key)) return 'La clave de acceso debe tener 49 dígitos numéricos';
  if (modulo11CheckDigit(key.slice(0, 48)) !== Number(key[48])) {
    return 'El dígito verificador de la clave de acceso no es correcto (módulo 11)';
  }
  const p = splitAccessKey(key);
  const date = doc.fechaEmision.replaceAll('/', '');
  const checks: [string, string, string][] = [
    ['fecha de emisión', p.date, date],
    ['tipo de comprobante', p.codDoc, doc.codDoc],
    ['RUC', p.ruc, doc.ruc],
    ['ambiente', p.ambiente, doc.ambiente],
    ['serie (establecimiento y punto de emisión)', p.series, doc.estab + doc.ptoEmi],
    ['secuencial', p.secuencial, doc.secuencial],
    ['tipo de emisión', p.tipoEmision, doc.tipoEmision],
  ];
  for (const [name, inKey, inDoc] of checks) {
    if (inKey !== inDoc)
      return `El campo ${name} de la clave de acceso (${inKey}) no coincide con el comprobante (${inDoc})`;
  }
  return null;
}
